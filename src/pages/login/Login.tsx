// spec §2, §4 /login: account name (§5 input rule), password, account type; permissions always 1.
import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { Alert, Button, Form, Input, Select, Tooltip } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { preloadPublicMessage, useShellMessage } from "../../app/shell-message";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import type { LoginForm } from "../../api/session";
import { preloadConsole } from "../../app/console-preload";
import { LangSelect } from "../../layout/LangSelect";
import { usePageTitle } from "../../layout/use-page-title";
import { SESSION_ENDED_PARAM } from "../../providers/auth-provider";
import { MESSAGE_DURATION_S } from "../../settings";
import { inputRule } from "../../utils/validate";
import { accountTypes } from "./account-types";
import { IcpFooter } from "./IcpFooter";
import { loginTarget } from "./login-target";
import { useSignedInAlready, useSignIn } from "./use-sign-in";
import "./login.css";

const NO_PAGES: never[] = [];

export default function Login() {
  const { t, i18n } = useTranslation();
  const message = useShellMessage();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [capsLock, setCapsLock] = useState(false);
  // Signing in goes through the auth provider's login, as refine's useLogin would call it (the page
  // loads without refine, issue 14). spec §8, §9 show a failure as a 5 s message, and the target
  // replaces /login in the history.
  const { signIn, loading } = useSignIn(({ success, redirectTo, error }) => {
    if (success) navigate(redirectTo ?? "/", { replace: true });
    else void message.error(error?.message ?? "", MESSAGE_DURATION_S);
  });
  const signedInAlready = useSignedInAlready();
  const types = accountTypes(i18n);
  usePageTitle(NO_PAGES, "shell.route.login");

  // spec §2: a logged-in user visiting /login goes to /.
  if (signedInAlready) return <Navigate to="/" replace />;

  const onFinish = (values: LoginForm) => {
    // The console's chunk loads while the sign-in call is out (issue 14 §3), not after it; so does
    // antd's message, which a refusal needs (a network failure could fail its chunk too).
    preloadConsole();
    preloadPublicMessage();
    return signIn({ ...values, redirect: loginTarget(search) });
  };

  return (
    <div className="login-container">
      <LangSelect className="login-lang" />
      <Form<LoginForm>
        className="login-form"
        name="login"
        layout="vertical"
        autoComplete="on"
        initialValues={{ account_type: types[0] }}
        onFinish={onFinish}
        size="large"
      >
        <h3 className="login-title">{t("shell.login.title")}</h3>
        {search.includes(SESSION_ENDED_PARAM) && (
          <Alert className="login-session-ended" type="info" showIcon message={t("shell.login.sessionEnded")} />
        )}
        <Form.Item
          name="account_name"
          rules={[
            { required: true, whitespace: true, message: t("shell.login.accountNameRequired") },
            inputRule(t("screens.rules.inputRule")),
          ]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder={t("shell.login.accountName")}
            aria-label={t("shell.login.accountName")}
            autoFocus
          />
        </Form.Item>
        <Tooltip open={capsLock} title={t("shell.login.capsLock")} placement="right">
          <Form.Item name="account_password" rules={[{ required: true, message: t("shell.login.passwordRequired") }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t("shell.login.password")}
              aria-label={t("shell.login.password")}
              onKeyUp={(event) => setCapsLock(event.getModifierState?.("CapsLock") ?? false)}
              onBlur={() => setCapsLock(false)}
            />
          </Form.Item>
        </Tooltip>
        <Form.Item name="account_type" rules={[{ required: true, message: t("shell.login.accountTypeRequired") }]}>
          <Select
            aria-label={t("shell.login.accountType")}
            options={types.map((value) => ({ value, label: t(`enum.account_type.${value}`) }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading}>
          {t("shell.login.submit")}
        </Button>
      </Form>
      <IcpFooter />
    </div>
  );
}
