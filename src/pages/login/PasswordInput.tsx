// The login's password box, looking as antd's large Input.Password does: a lock before the text,
// an eye after it that shows or hides the password, and a hint beside the box while caps lock is
// on (seen on a key press in the box, gone when it loses the focus).
import { EyeInvisibleOutlined, EyeOutlined, LockOutlined } from "@ant-design/icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoginInput, type LoginInputProps } from "./LoginInput";

export function PasswordInput(props: Omit<LoginInputProps, "icon" | "suffix" | "type">) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const hint = `${props.id ?? "password"}_caps`;
  return (
    <span className="login-password">
      <LoginInput
        {...props}
        type={shown ? "text" : "password"}
        icon={<LockOutlined />}
        aria-describedby={
          [props["aria-describedby"], capsLock ? hint : undefined].filter(Boolean).join(" ") || undefined
        }
        onKeyUp={(event) => setCapsLock(event.getModifierState?.("CapsLock") ?? false)}
        onBlur={() => setCapsLock(false)}
        suffix={
          <button type="button" className="login-password-toggle" aria-pressed={shown} onClick={() => setShown(!shown)}>
            <span aria-hidden="true">{shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}</span>
            <span className="login-visually-hidden">{t("shell.login.showPassword")}</span>
          </button>
        }
      />
      {/* Always there, so a screen reader hears the hint when it appears in it. */}
      <span id={hint} className={capsLock ? "login-caps-lock" : undefined} role="status">
        {capsLock && t("shell.login.capsLock")}
      </span>
    </span>
  );
}
