// A large text box with an icon before the text and, optionally, a control after it: the look of
// antd's large Input with a prefix icon, in our own CSS so /login loads no antd input. Pressing anywhere in the box, the
// icon and the suffix's button included, keeps the cursor in the text (the button still gets its
// click), as antd's does.
import { useRef, type InputHTMLAttributes, type ReactNode } from "react";

export interface LoginInputProps extends InputHTMLAttributes<HTMLInputElement> {
  readonly icon: ReactNode;
  readonly suffix?: ReactNode;
}

export function LoginInput({ icon, suffix, ...input }: LoginInputProps) {
  const box = useRef<HTMLInputElement>(null);
  return (
    <span
      className="login-input"
      onMouseDown={(event) => {
        if (event.target !== box.current) {
          event.preventDefault();
          box.current?.focus();
        }
      }}
    >
      <span className="login-input-prefix" aria-hidden="true">
        {icon}
      </span>
      <input ref={box} className="login-input-text" {...input} />
      {suffix && <span className="login-input-suffix">{suffix}</span>}
    </span>
  );
}
