// Every button of a screen sits inside <Permission> with its code (spec §6: removed without it).
// A question to confirm goes inside the guard, so the Popconfirm wraps the button itself.
import { Button, Popconfirm, type ButtonProps } from "antd";
import { useTranslation } from "react-i18next";
import { Permission } from "../../permission/Permission";
import type { ButtonConfig } from "../../../schema/contract/screen-config";

interface GuardedButtonProps extends ButtonProps {
  /** The declared button; without one the control carries no permission code and shows as is. */
  button?: ButtonConfig;
  /** Asked before onConfirm runs. */
  confirm?: string;
  onConfirm?: () => void;
}

export function GuardedButton({ button, confirm, onConfirm, ...props }: GuardedButtonProps) {
  const { t } = useTranslation();
  const control = confirm ? (
    <Popconfirm
      title={confirm}
      okText={t("screens.common.ok")}
      cancelText={t("screens.common.cancel")}
      onConfirm={onConfirm}
    >
      <Button {...props} />
    </Popconfirm>
  ) : (
    <Button {...props} />
  );
  return button ? <Permission codes={[button.code]}>{control}</Permission> : control;
}
