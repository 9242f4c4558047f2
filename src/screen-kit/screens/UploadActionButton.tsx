// An upload action (manifest kind: upload, e.g. 导入外部码): a dialog with the file, the fields the
// manifest lists (with their own labels and controls, required only where the call requires them)
// and its switches, sent to the declared call
// as file_name + base64 content; a row upload (a file for one record) adds the record's inputs
// named by its params ({id} by default). The answer stays in the dialog: rows written and every skipped
// row with its reason, or, when the file is refused, every problem row by row (nothing written).
import { UploadOutlined } from "@ant-design/icons";
import { Alert, Button, Form, Modal, Switch, Typography, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { callEndpoint, toHttpMethod } from "../../api/endpoint-call";
import { ApiError } from "../../api/http-client";
import type { ActionButtonProps } from "./action-button-props";
import { FormFields } from "./FormFields";
import { GuardedButton } from "./GuardedButton";
import { useRecordMutations } from "./RecordMutationsProvider";
import { downloadInputs } from "./screen-buttons";
import { uploadOutcome, type UploadOutcome } from "./upload-outcome";

/** The file as base64, without the data: URL's prefix. */
function toBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // readAsDataURL gives a string.
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result.replace(/^data:[^,]*,/, "") : "");
    reader.onerror = () => reject(reader.error ?? new Error("the file could not be read"));
    reader.readAsDataURL(file);
  });
}

export function UploadActionButton({
  action,
  button,
  resource,
  record,
  recordId,
  fields: resourceFields = [],
  size,
  type = "default",
}: ActionButtonProps) {
  const { t } = useTranslation();
  const { invalidate } = useRecordMutations();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | undefined>();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<UploadOutcome | undefined>();
  const upload = action.upload ?? { accept: [], fields: [], options: [] };
  const optional = new Set(upload.optional);
  const fields = upload.fields
    .flatMap((name) => resourceFields.filter((field) => field.name === name))
    .map((field) => ({
      ...field,
      inForm: true,
      rules: optional.has(field.name) ? field.rules.filter((rule) => rule.kind !== "required") : field.rules,
    }));

  const close = () => {
    setOpen(false);
    setOutcome(undefined);
    setFile(undefined);
    form.resetFields();
  };
  const send = async () => {
    const values = await form.validateFields();
    if (!file) {
      form.setFields([{ name: "__file", errors: [t("screens.upload.fileNeeded")] }]);
      return;
    }
    setSending(true);
    try {
      const inputs = Object.fromEntries(Object.entries(values).filter(([name]) => name !== "__file"));
      const data = await callEndpoint(
        { method: toHttpMethod(action.method), path: action.path },
        {
          ...inputs,
          ...(action.scope === "row" ? downloadInputs(action, record ?? {}) : {}),
          file_name: file.name,
          content: await toBase64(file),
        },
      );
      setOutcome(uploadOutcome(data));
      await invalidate({ resource, invalidates: ["list", "detail"], id: recordId });
    } catch (error) {
      if (error instanceof ApiError && error.sessionEnded) return close();
      setOutcome({
        refused: error instanceof Error ? error.message : String(error),
        problems: error instanceof ApiError ? Object.entries(error.errors ?? {}) : [],
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <GuardedButton button={button} size={size} type={type} icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t(button.titleKey || action.titleKey)}
      </GuardedButton>
      <Modal
        open={open}
        title={t(action.titleKey)}
        onCancel={close}
        destroyOnHidden
        footer={[
          <Button key="close" onClick={close}>
            {t("screens.upload.close")}
          </Button>,
          <Button key="send" type="primary" loading={sending} onClick={() => void send()}>
            {t("screens.upload.send")}
          </Button>,
        ]}
      >
        <Form form={form} layout="vertical">
          <FormFields fields={fields} />
          <Form.Item
            name="__file"
            label={t("screens.upload.file")}
            extra={upload.accept.length ? t("screens.upload.types", { types: upload.accept.join(", ") }) : undefined}
          >
            <Upload
              accept={upload.accept.join(",")}
              maxCount={1}
              beforeUpload={(chosen) => {
                setFile(chosen);
                setOutcome(undefined);
                form.setFields([{ name: "__file", errors: [] }]);
                return false;
              }}
              onRemove={() => setFile(undefined)}
              fileList={file ? [{ uid: "chosen", name: file.name, status: "done" }] : []}
            >
              <Button icon={<UploadOutlined />}>{t("screens.upload.choose")}</Button>
            </Upload>
          </Form.Item>
          {upload.options.map((option) => (
            <Form.Item
              key={option.name}
              name={option.name}
              label={t(option.labelKey)}
              valuePropName="checked"
              initialValue={false}
            >
              <Switch />
            </Form.Item>
          ))}
        </Form>
        {outcome && <UploadOutcomeView outcome={outcome} />}
      </Modal>
    </>
  );
}

function UploadOutcomeView({ outcome }: { outcome: UploadOutcome }) {
  const { t } = useTranslation();
  if ("refused" in outcome)
    return (
      <Alert
        type="error"
        showIcon
        data-testid="upload-outcome"
        message={t("screens.upload.refused")}
        description={
          <>
            <Typography.Paragraph>{outcome.refused}</Typography.Paragraph>
            {outcome.problems.length > 0 && (
              <ul>
                {outcome.problems.map(([row, reason]) => (
                  <li key={row}>{`${row}: ${reason}`}</li>
                ))}
              </ul>
            )}
          </>
        }
      />
    );
  return (
    <Alert
      type={outcome.skipped.length ? "warning" : "success"}
      showIcon
      data-testid="upload-outcome"
      message={[
        outcome.written !== undefined
          ? t("screens.upload.imported", { count: outcome.written })
          : t("screens.list.actionDone"),
        outcome.created ? t("screens.upload.created", { created: outcome.created }) : "",
      ]
        .filter(Boolean)
        .join(" · ")}
      description={
        outcome.skipped.length > 0 && (
          <>
            <Typography.Text>{t("screens.upload.skipped", { count: outcome.skipped.length })}</Typography.Text>
            <ul>
              {outcome.skipped.map((problem) => (
                <li key={problem.row}>{problem.reason}</li>
              ))}
            </ul>
          </>
        )
      }
    />
  );
}
