// The frame of a create or edit form: title, the fields, save (guarded by its button) and back.
import { SaveOutlined } from "@ant-design/icons";
import { Button, Card, Form, Space, Spin, type ButtonProps, type FormProps } from "antd";
import { useTranslation } from "react-i18next";
import type { RecordLike } from "../fields/display-value";
import { toSubmitValues } from "../fields/submit-values";
import { FormFields } from "./FormFields";
import { GuardedButton } from "./GuardedButton";
import type { ButtonConfig, ScreenConfig } from "../../../schema/contract/screen-config";
import { useFormName } from "./use-form-name";

interface RecordFormCardProps {
  config: ScreenConfig;
  title: string;
  formProps: FormProps;
  saveButtonProps: ButtonProps;
  saveButton?: ButtonConfig;
  loading?: boolean;
  record?: RecordLike;
  onBack?: () => void;
}

export function RecordFormCard({
  config,
  title,
  formProps,
  saveButtonProps,
  saveButton,
  loading,
  record,
  onBack,
}: RecordFormCardProps) {
  const formName = useFormName("record");
  const { t } = useTranslation();
  return (
    <Card title={title}>
      <Spin spinning={Boolean(loading)}>
        <Form
          {...formProps}
          name={formName}
          layout="vertical"
          scrollToFirstError
          onFinish={(values: RecordLike) => formProps.onFinish?.(toSubmitValues(config.fields, values))}
        >
          <FormFields fields={config.fields} record={record} />
        </Form>
        <Space wrap>
          <GuardedButton button={saveButton} type="primary" icon={<SaveOutlined />} {...saveButtonProps}>
            {t("screens.form.save")}
          </GuardedButton>
          {onBack && <Button onClick={onBack}>{t("screens.common.back")}</Button>}
        </Space>
      </Spin>
    </Card>
  );
}
