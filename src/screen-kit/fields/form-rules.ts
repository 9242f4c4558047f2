// Declared field rules (screen-config FieldRule) → antd Form rules with translated messages.
// Each check is a pure function so the same verdicts are testable without a DOM.
import type { FormRule } from "antd";
import dayjs from "dayjs";
import type { FieldConfig, FieldRule } from "../../../schema/contract/screen-config";
import { COLOR_PATTERN, PHONE_PATTERN } from "../../../schema/contract/patterns";
import { passesInputRule, INPUT_RULE_MESSAGE_KEY } from "../../utils/input-rule";
import type { Translate } from "./translate";

const PHONE_REGEXP = new RegExp(PHONE_PATTERN, "u");
const COLOR_REGEXP = new RegExp(COLOR_PATTERN, "u");

type Format = Extract<FieldRule, { kind: "format" }>["format"];

const FORMAT_CHECKS: Record<Format, (text: string) => boolean> = {
  email: (text) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text),
  uri: (text) => {
    try {
      return /^[a-z][a-z0-9+.-]*:/i.test(text) && Boolean(new URL(text));
    } catch {
      return false;
    }
  },
  phone: (text) => PHONE_REGEXP.test(text),
  date: (text) => /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).format("YYYY-MM-DD") === text,
  "date-time": (text) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) && dayjs(text).isValid(),
  color: (text) => COLOR_REGEXP.test(text),
};

const FORMAT_MESSAGE: Record<Format, string> = {
  email: "email",
  uri: "uri",
  phone: "phone",
  date: "date",
  "date-time": "dateTime",
  color: "color",
};

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === "string" && value.trim() === "") ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Code points, as the server's JSON Schema counts string length. */
const lengthOf = (value: unknown): number => Array.from(String(value)).length;

function matches(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, "u").test(text);
  } catch {
    return true; // the generator validates patterns; a bad one must not block the form
  }
}

/** true when the value satisfies the rule; empty values satisfy every rule but required. */
export function checkRule(rule: FieldRule, value: unknown): boolean {
  if (rule.kind === "required") return !isEmpty(value);
  if (isEmpty(value)) return true;
  switch (rule.kind) {
    case "minLength":
      return lengthOf(value) >= rule.value;
    case "maxLength":
      return lengthOf(value) <= rule.value;
    case "minimum":
      return Number(value) >= rule.value;
    case "maximum":
      return Number(value) <= rule.value;
    case "pattern":
      return matches(rule.pattern, String(value));
    case "format":
      return FORMAT_CHECKS[rule.format](String(value));
    case "inputRule":
      return passesInputRule(value);
    case "integer":
      return Number.isInteger(Number(value));
  }
}

export function ruleMessage(rule: FieldRule, label: string, t: Translate): string {
  if (rule.kind === "inputRule") return t(INPUT_RULE_MESSAGE_KEY);
  const key = rule.kind === "format" ? FORMAT_MESSAGE[rule.format] : rule.kind;
  const value = "value" in rule ? rule.value : undefined;
  return t(`screens.rules.${key}`, { label, value });
}

export function toFormRules(field: Pick<FieldConfig, "labelKey" | "rules">, t: Translate): FormRule[] {
  const label = t(field.labelKey);
  return field.rules.map((rule) => ({
    ...(rule.kind === "required" ? { required: true } : {}),
    validator: (_rule: unknown, value: unknown) =>
      checkRule(rule, value) ? Promise.resolve() : Promise.reject(new Error(ruleMessage(rule, label, t))),
  }));
}
