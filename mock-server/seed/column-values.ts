// One demo value for a column, chosen by its enum, format, widget and name (realistic Chinese
// data: people, companies, products, places). Refs and tree parents are chosen by the caller.
import type { ContractColumn } from "../../schema/contract/server-contract";
import type { Prng } from "./prng";
import { DEFAULT_PUBLIC_ORIGIN } from "../options";
import { seedImageUrl } from "../public/seed-images";
import { DEFAULT_BUSINESS_ZONE } from "../time/business-day";
import * as W from "./zh-words";

export interface ValueEnv {
  readonly rng: Prng;
  /** 00:00 UTC of the anchor day; dates lead up to it. */
  readonly anchor: number;
  /** Row number within its table, from 0. */
  readonly index: number;
  readonly table: string;
  /** District codes for region fields. */
  readonly areaCodes: readonly string[];
  /** Where browsers reach the server, for images it serves itself (seed-images.ts). */
  readonly publicOrigin?: string;
}

const DAY = 24 * 3600 * 1000;
const SHELF_LIVES_DAYS = [90, 180, 270, 365, 540, 720];
const pad = (value: number, width: number) => String(value).padStart(width, "0");

export const personName = (rng: Prng): [string, string] => {
  const [surname, surnamePinyin] = rng.pick(W.SURNAMES);
  const [given, givenPinyin] = rng.pick(W.GIVEN_NAMES);
  return [surname + given, surnamePinyin + givenPinyin];
};

const company = (rng: Prng) => rng.pick(W.CITIES) + rng.pick(W.COMPANY_WORDS) + rng.pick(W.COMPANY_KINDS);
const mobile = (rng: Prng) => `1${rng.pick(["3", "5", "7", "8", "9"])}${rng.digits(9)}`;

/** Recent days weigh more, so "today" and "last 7 days" have figures. */
function pastMs(env: ValueEnv, spanDays: number): number {
  const days = env.rng.chance(0.3) ? env.rng.int(0, 6) : env.rng.int(0, spanDays);
  return env.anchor - days * DAY + env.rng.int(0, DAY / 1000 - 1) * 1000;
}

function dateValue(column: ContractColumn, env: ValueEnv): string {
  if (/expir|valid_to|deadline|due/.test(column.name))
    return new Date(env.anchor + env.rng.int(90, 720) * DAY).toISOString().slice(0, 10);
  const ms = pastMs(env, column.format === "date" ? 180 : 90);
  return column.format === "date"
    ? new Date(ms).toISOString().slice(0, 10)
    : new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** Letters of the field name, for code prefixes: order_no → ON. */
const initials = (name: string) =>
  name
    .split("_")
    .map((part) => part[0].toUpperCase())
    .join("");

function codeValue(column: ContractColumn, env: ValueEnv): string {
  if (column.name === "code" || (column.name.endsWith("_code") && /trace|scan|box|parent/.test(column.name))) {
    const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
    let code = "";
    for (let index = 0; index < 16; index += 1) code += alphabet[env.rng.int(0, 31)];
    return code;
  }
  const day = new Date(env.anchor).toISOString().slice(2, 10).replace(/-/g, "");
  return `${initials(column.name)}${day}${pad(env.index + 1, 5)}`;
}

function textByName(column: ContractColumn, env: ValueEnv): string | undefined {
  const { rng } = env;
  const name = column.name;
  const rules: [RegExp, () => string][] = [
    [/account_name|username|login/, () => `${personName(rng)[1]}${pad(env.index + 1, 3)}`],
    [
      /real_name|contact|leader|person|manager|operator|inspector|driver|handled_by|_by$|receiver|consignee/,
      () => personName(rng)[0],
    ],
    [/phone|mobile|tel/, () => mobile(rng)],
    [/(^|_)ip$/, () => `${rng.int(36, 223)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`],
    [/user_agent/, () => rng.pick(W.USER_AGENTS)],
    [/^geo$/, () => rng.pick(W.CITY_POSITIONS)],
    [/icp_record/, () => `${rng.pick(W.PROVINCE_ABBREVIATIONS)}ICP备${rng.digits(8)}号-${rng.int(1, 3)}`],
    [/address/, () => `${rng.pick(W.CITIES)}市${rng.pick(W.STREETS)}${rng.int(1, 999)}号`],
    [/tracking_no/, () => `SF${rng.digits(12)}`],
    [
      /batch/,
      () =>
        `B${new Date(env.anchor - rng.int(0, 60) * DAY).toISOString().slice(0, 10).replace(/-/g, "")}${pad(rng.int(1, 99), 2)}`,
    ],
    [/(_no|_code|^code|_sn)$/, () => codeValue(column, env)],
    [/enterprise_name|company|customer|supplier|outsourc|dealer_name|client/, () => company(rng)],
    [/brand/, () => rng.pick(W.BRANDS)],
    [/product_name|goods/, () => `${rng.pick(W.BRANDS)}${rng.pick(W.PRODUCT_KINDS)}`],
    [/warehouse|store_name/, () => rng.pick(W.WAREHOUSES)],
    [/factory|plant/, () => `${rng.pick(W.CITIES)}${rng.pick(W.FACTORIES)}`],
    [/workshop/, () => rng.pick(W.WORKSHOPS)],
    [/line_name/, () => `${rng.int(1, 12)}号${rng.pick(["灌装线", "包装线", "贴标线"])}`],
    [/team_name|class_name/, () => `${rng.pick(W.WORKSHOPS)}${rng.pick(W.TEAMS)}`],
    [/depart/, () => rng.pick(W.DEPARTMENTS)],
    [/position_name|job/, () => rng.pick(W.POSITIONS)],
    [/role_name/, () => rng.pick(W.ROLE_NAMES)],
    [/rule_name/, () => rng.pick(W.RULE_NAMES)],
    [/material/, () => rng.pick(W.MATERIALS)],
    [/unit/, () => rng.pick(W.UNITS)],
    [/spec/, () => rng.pick(W.PRODUCT_SPECS)],
    [/carrier|logistics/, () => rng.pick(W.CARRIERS)],
    [/remark|desc|note|reason|content|comment|memo/, () => rng.pick(W.REMARKS)],
    [/email/, () => `${personName(rng)[1]}${rng.digits(3)}@${rng.pick(W.EMAIL_DOMAINS)}`],
  ];
  return rules.find(([pattern]) => pattern.test(name))?.[1]();
}

function uriValue(column: ContractColumn, env: ValueEnv): string {
  if (/icp/.test(column.name)) return "https://beian.miit.gov.cn/";
  if (/template/.test(column.name)) return "https://trace.example.com/m/q/{code}";
  if (/avatar|image|logo|photo|pic|banner/.test(column.name))
    return seedImageUrl(env.publicOrigin ?? DEFAULT_PUBLIC_ORIGIN, env.table, env.index);
  return `https://files.example.com/${env.table}/${env.index + 1}`;
}

function numberValue(column: ContractColumn, env: ValueEnv): number {
  const { rng } = env;
  const name = column.name;
  let [min, max] = [column.minimum ?? 0, column.maximum ?? 1000];
  // What a label prints: three months to two years (the schema allows up to ten).
  if (/shelf_life/.test(name)) return rng.pick(SHELF_LIVES_DAYS);
  if (column.maximum === undefined) {
    if (/scan_count|times|index|attempt/.test(name))
      return rng.int(Math.max(min, name.includes("index") ? 1 : 0), Math.max(min, 12));
    if (/qty|quantity|count|amount|total|num/.test(name)) max = Math.max(min, 5000);
    if (/price|cost/.test(name)) [min, max] = [Math.max(min, 5), 999];
    if (/^sort$|order$/.test(name)) return env.index;
    if (/days|life/.test(name)) [min, max] = [Math.max(min, 30), 720];
  } else if (/qty|quantity/.test(name) && max > 20000) {
    max = Math.max(min, 20000); // a plausible order, not the largest the form allows
  }
  if (/^length$/.test(name)) return Math.min(max, Math.max(min, rng.pick([16, 20, 24])));
  if (column.type === "integer") return rng.int(Math.ceil(min), Math.floor(max));
  return Math.round((min + rng.next() * (max - min)) * 100) / 100;
}

export function valueFor(column: ContractColumn, env: ValueEnv): unknown {
  const { rng } = env;
  if (column.enumValues?.length) return rng.pick(column.enumValues);
  if (column.type === "boolean") return rng.chance(0.8);
  if (column.type === "integer" || column.type === "number") return numberValue(column, env);
  if (column.format === "date" || column.format === "date-time") return dateValue(column, env);
  if (column.format === "phone") return mobile(rng);
  if (column.format === "email") return `${personName(rng)[1]}${rng.digits(3)}@${rng.pick(W.EMAIL_DOMAINS)}`;
  if (column.format === "uri") return uriValue(column, env);
  if (column.format === "color" || column.widget === "color") return rng.pick(W.COLORS);
  // A zone is a name from a closed list that no text guesses: the field's own default, else the enterprise's.
  if (column.widget === "timezone") return typeof column.default === "string" ? column.default : DEFAULT_BUSINESS_ZONE;
  if (column.widget === "region" || /region|area_code|district/.test(column.name)) return rng.pick(env.areaCodes);
  return textByName(column, env) ?? `${rng.pick(W.WORDS)}${env.index + 1}`;
}

/** When the realistic value breaks the field's rules (e.g. the input rule refuses Chinese). */
export function fallbackValues(column: ContractColumn, env: ValueEnv): unknown[] {
  return [
    `${initials(column.name)}${pad(env.index + 1, 6)}`,
    pad(env.index + 1, 6),
    `${env.table.slice(0, 3)}${env.index + 1}`,
  ];
}
