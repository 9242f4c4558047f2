// spec §2, §4 /login: account name (spec §5 input rule), password, account type; permissions always 1.
// Plain elements in our own CSS, looking as antd's large form did: antd's Form, Input, Select,
// Tooltip, Button and Alert were about 80 KB of the page's first paint.
import { DownOutlined, InfoCircleFilled, LoadingOutlined, UserOutlined } from "@ant-design/icons";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { preloadPublicMessage, useShellMessage } from "../../app/shell-message";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import type { LoginForm } from "../../api/session";
import { preloadConsole } from "../../app/console-preload";
import { askFiguresAhead, landsOnDashboard } from "../dashboard/figures-ahead";
import { afterNextPaint, saveDataAsked } from "../../app/when-idle";
import { LangSelect } from "../../layout/LangSelect";
import { usePageTitle } from "../../layout/use-page-title";
import { SESSION_ENDED_PARAM } from "../../providers/auth-provider";
import { MESSAGE_DURATION_S } from "../../settings";
import { spaceTwoCjkCharacters } from "../../utils/cjk-spacing";
import { accountTypes } from "./account-types";
import { IcpFooter } from "./IcpFooter";
import { changeField, initialLoginState, submitForm, validValues, type LoginField as Field } from "./login-form-state";
import { LoginField } from "./LoginField";
import { LoginInput } from "./LoginInput";
import { loginTarget } from "./login-target";
import { PasswordInput } from "./PasswordInput";
import { useSignedInAlready, useSignIn } from "./use-sign-in";
import "./login.css";

const NO_PAGES: never[] = [];

export default function Login() {
  const { t, i18n } = useTranslation();
  const message = useShellMessage();
  const { search } = useLocation();
  const navigate = useNavigate();
  // Signing in goes through the auth provider's login, as refine's useLogin would call it (the page
  // loads without refine). spec §8, §9 show a failure as a 5 s message, and the target
  // replaces /login in the history.
  const { signIn, loading } = useSignIn(({ success, redirectTo, error }) => {
    if (success) {
      const target = redirectTo ?? "/";
      if (landsOnDashboard(target)) askFiguresAhead();
      navigate(target, { replace: true });
    } else void message.error(error?.message ?? "", MESSAGE_DURATION_S);
  });
  const signedInAlready = useSignedInAlready();
  const types = accountTypes(i18n);
  const [form, setForm] = useState(() => initialLoginState(types[0]));
  usePageTitle(NO_PAGES, "shell.route.login");
  // The console loads while the account and password are typed, right after the login's first
  // paint: the sign-in then waits for its call, not for the console's chunks.
  useEffect(() => {
    if (!saveDataAsked()) afterNextPaint(preloadConsole);
  }, []);

  // spec §2: a logged-in user visiting /login goes to /.
  if (signedInAlready) return <Navigate to="/" replace />;

  const change =
    (field: Field) =>
    ({ target: { value } }: { target: { value: string } }) =>
      setForm((state) => changeField(state, field, value));
  /** What each of the form's boxes takes alike: its id and name, its label, its value. */
  const box = (field: Field, label: string) => ({
    id: `login_${field}`,
    name: field,
    placeholder: label,
    "aria-label": label,
    value: form.values[field],
    onChange: change(field),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (loading) return; // one call at a time, as antd's loading button allowed
    const checked = submitForm(form);
    setForm(checked);
    const values = validValues(checked);
    if (values) onFinish(values);
  };

  const onFinish = (values: LoginForm) => {
    // The console's chunk loads while the sign-in call is out, not after it; so does
    // antd's message, which a refusal needs (a network failure could fail its chunk too).
    preloadConsole();
    preloadPublicMessage();
    signIn({ ...values, redirect: loginTarget(search) });
  };

  return (
    <div className="login-container">
      <LangSelect className="login-lang" />
      <form className="login-form" name="login" autoComplete="on" noValidate onSubmit={onSubmit}>
        <h3 className="login-title">{t("shell.login.title")}</h3>
        {search.includes(SESSION_ENDED_PARAM) && (
          <div className="login-session-ended" role="alert">
            <InfoCircleFilled className="login-session-ended-icon" aria-hidden="true" />
            <span>{t("shell.login.sessionEnded")}</span>
          </div>
        )}
        <LoginField id="login_account_name" errors={form.errors.account_name}>
          {(errorProps) => (
            <LoginInput
              {...box("account_name", t("shell.login.accountName"))}
              icon={<UserOutlined />}
              autoComplete="username"
              autoFocus
              {...errorProps}
            />
          )}
        </LoginField>
        <LoginField id="login_account_password" errors={form.errors.account_password}>
          {(errorProps) => (
            <PasswordInput
              {...box("account_password", t("shell.login.password"))}
              autoComplete="current-password"
              {...errorProps}
            />
          )}
        </LoginField>
        <LoginField id="login_account_type" errors={form.errors.account_type}>
          {(errorProps) => (
            // A native select: the phone's own chooser, and no antd Select on this page.
            <span className="login-select">
              <select
                id="login_account_type"
                name="account_type"
                aria-label={t("shell.login.accountType")}
                value={form.values.account_type}
                onChange={change("account_type")}
                {...errorProps}
              >
                {types.map((value) => (
                  <option key={value} value={value}>
                    {t(`enum.account_type.${value}`)}
                  </option>
                ))}
              </select>
              <DownOutlined className="login-select-arrow" aria-hidden="true" />
            </span>
          )}
        </LoginField>
        <button
          type="submit"
          className={loading ? "login-submit login-submit-loading" : "login-submit"}
          aria-busy={loading || undefined}
        >
          {loading && <LoadingOutlined className="login-submit-icon" aria-hidden="true" />}
          <span>{spaceTwoCjkCharacters(t("shell.login.submit"))}</span>
        </button>
      </form>
      <IcpFooter />
    </div>
  );
}
