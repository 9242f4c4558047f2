// spec §2, §5 /login: the login form's values, rules and errors, without a form library:
// antd's Form, with rc-field-form and async-validator, would be most of what /login loads. It keeps
// antd's timing: a field is checked when it changes, every field when the form is submitted, and
// a field shows every rule it fails, in the rules' order. Errors are message keys, translated
// where they are shown, so a language switch rewrites them.
import type { LoginForm } from "../../api/session";
import { isValidInput } from "../../utils/validate";
import { INPUT_RULE_MESSAGE_KEY } from "../../utils/input-rule";

export type LoginField = keyof LoginForm;
export type LoginValues = Record<LoginField, string>;
/** Fields checked so far and the message keys of the rules each fails (none: it passes). */
export type LoginErrors = Readonly<Partial<Record<LoginField, readonly string[]>>>;

export interface LoginFormState {
  readonly values: LoginValues;
  readonly errors: LoginErrors;
}

export const LOGIN_FIELDS: readonly LoginField[] = ["account_name", "account_password", "account_type"];

/** Blank as antd's `whitespace: true` sees it: empty or only white space. */
const blank = (value: string) => /^\s*$/.test(value);

const RULES: Readonly<Record<LoginField, readonly ((value: string) => string | undefined)[]>> = {
  account_name: [
    (value) => (blank(value) ? "shell.login.accountNameRequired" : undefined),
    // spec §5: the shared input rule (an empty value passes it; the rule above speaks for that).
    (value) => (isValidInput(value) ? undefined : INPUT_RULE_MESSAGE_KEY),
  ],
  // Only empty: a password may be spaces, as antd's plain `required` allowed.
  account_password: [(value) => (value === "" ? "shell.login.passwordRequired" : undefined)],
  account_type: [(value) => (value === "" ? "shell.login.accountTypeRequired" : undefined)],
};

export function fieldErrors(field: LoginField, value: string): readonly string[] {
  return RULES[field].map((rule) => rule(value)).filter((key) => key !== undefined);
}

export function initialLoginState(accountType: string | undefined): LoginFormState {
  return { values: { account_name: "", account_password: "", account_type: accountType ?? "" }, errors: {} };
}

/** A change checks the field changed, and only that one. */
export function changeField(state: LoginFormState, field: LoginField, value: string): LoginFormState {
  return {
    values: { ...state.values, [field]: value },
    errors: { ...state.errors, [field]: fieldErrors(field, value) },
  };
}

/** A submit checks every field. */
export function submitForm(state: LoginFormState): LoginFormState {
  const errors: Partial<Record<LoginField, readonly string[]>> = {};
  for (const field of LOGIN_FIELDS) errors[field] = fieldErrors(field, state.values[field]);
  return { ...state, errors };
}

/** The values to sign in with, when no field fails a rule. */
export function validValues(state: LoginFormState): LoginForm | undefined {
  return LOGIN_FIELDS.every((field) => state.errors[field]?.length === 0) ? state.values : undefined;
}
