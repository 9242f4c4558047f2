// A small form in a dialog, for adding a tree node or renaming one. Server field errors land on the fields.
import { Form, Modal } from "antd";
import { useState } from "react";
import type { RecordLike } from "../fields/display-value";
import { toFieldErrors } from "../fields/server-errors";
import { toSubmitValues } from "../fields/submit-values";
import { FormFields } from "./FormFields";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { useFormName } from "./use-form-name";

interface TreeNodeModalProps {
  title: string;
  fields: readonly FieldConfig[];
  initialValues?: RecordLike;
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
}

/** Mounted only while open, so each opening starts from fresh initial values. */
export function TreeNodeModal({ title, fields, initialValues, onSubmit, onClose }: TreeNodeModalProps) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const formName = useFormName("node");
  const [saving, setSaving] = useState(false);
  // A refusal lands on the fields and a failed validation shows there, so the dialog need not wait on it.
  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      await onSubmit(toSubmitValues(fields, values));
      onClose();
    } catch (error) {
      form.setFields(toFieldErrors(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      <Form form={form} name={formName} layout="vertical" initialValues={initialValues}>
        <FormFields fields={fields} />
      </Form>
    </Modal>
  );
}
