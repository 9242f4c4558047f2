// One field of the login form: its control and, under it, each rule it fails in red, as antd's
// Form.Item shows them (the login loads no antd form code). The control is told where
// its errors are, so a screen reader reads them with it.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface FieldErrorProps {
  readonly "aria-invalid"?: true;
  readonly "aria-describedby"?: string;
}

export function LoginField({
  id,
  errors = [],
  children,
}: {
  readonly id: string;
  /** Message keys of the rules the value fails. */
  readonly errors?: readonly string[];
  readonly children: (errorProps: FieldErrorProps) => ReactNode;
}) {
  const { t } = useTranslation();
  const help = `${id}_help`;
  const invalid = errors.length > 0;
  return (
    <div className={invalid ? "login-field login-field-invalid" : "login-field"}>
      {children(invalid ? { "aria-invalid": true, "aria-describedby": help } : {})}
      {invalid && (
        <div id={help} className="login-field-errors">
          {errors.map((key) => (
            <div key={key} role="alert">
              {t(key)}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
