// The contract's changeOwnPassword call (POST /api/org/employees/updatepasswordself), on the profile
// page and on /set-password, a public route outside the console's antd <App>: its messages go
// through the shell's (app/shell-message), which works on both.
import { Button, Form, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useShellMessage } from "../../app/shell-message";
import { changeOwnPassword } from "../../api/generated/calls.gen";
import { MESSAGE_DURATION_S } from "../../settings";

interface Values {
  old_password: string;
  new_password: string;
  confirm: string;
}

export function ChangePassword({ onChanged }: { readonly onChanged?: () => void } = {}) {
  const { t } = useTranslation();
  const message = useShellMessage();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  // Reports its own failure as a message, so the form's handler does not wait on it.
  const onFinish = async ({ old_password, new_password }: Values) => {
    setSaving(true);
    try {
      await changeOwnPassword({ old_password, new_password });
      message.success(t("shell.profile.passwordChanged"));
      form.resetFields();
      onChanged?.();
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error), MESSAGE_DURATION_S);
    } finally {
      setSaving(false);
    }
  };
  const required = { required: true, message: t("shell.profile.passwordRequired") };
  return (
    <Form form={form} layout="vertical" onFinish={(values) => void onFinish(values)} style={{ maxWidth: 420 }}>
      <Form.Item name="old_password" label={t("shell.profile.oldPassword")} rules={[required]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="new_password"
        label={t("shell.profile.newPassword")}
        rules={[required, { min: 6, message: t("shell.profile.passwordLength") }]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t("shell.profile.confirmPassword")}
        dependencies={["new_password"]}
        rules={[
          required,
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue("new_password")
                ? Promise.resolve()
                : Promise.reject(new Error(t("shell.profile.passwordMismatch"))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t("shell.profile.submit")}
      </Button>
    </Form>
  );
}
