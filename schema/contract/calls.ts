// The hand-written calls (spec §7 session and organisation calls, the dashboard, the public scan):
// each declared once with its method, path, who may make it, and the JSON Schemas of its input and
// of the envelope's data. The generator emits a typed client per call (src/api/generated/calls.gen.ts),
// the server validates each input with `input` (mock-server/auth, org, dashboard, public), and the contract
// test (tests/contract/generated-clients.test.ts) calls every one and checks the answer with `data`.
import { nullable, type CallContract } from "./call-contract";
import { CHAIN_LOOKUP_CALLS } from "./chain-lookup-calls";
import { TRACE_INQUIRY_CALLS } from "./trace-inquiry-calls";
import { EVIDENCE_PHOTO_CALLS } from "./evidence-photo-calls";
import { CODE_BATCH_CALLS } from "./code-batch-calls";
import { WAYBILL_FILE_CALLS } from "./waybill-file-calls";
import { STATION_BATCH_CALLS } from "./station-batch-calls";
import { SCAN_CODE_MAX_LENGTH, SCAN_CODE_PATTERN } from "./patterns";

/** The verdicts of a consumer scan, in the order the scan page explains them. */
export const SCAN_VERDICTS = [
  "genuine",
  "repeated",
  "over_threshold",
  "not_found",
  "bad_check",
  "not_activated",
  "voided",
  "returned",
  "in_stock",
] as const;
export type ScanVerdict = (typeof SCAN_VERDICTS)[number];

/** The public pages a consumer scans from (manifest enum scan_path): /m/q/:code, /c, a GS1 Digital Link. */
export const SCAN_PATHS = ["m_q", "c", "digital_link"] as const;
export type ScanPath = (typeof SCAN_PATHS)[number];

const menuKey = { type: "string", pattern: "^[A-Za-z][A-Za-z0-9_]*$", maxLength: 64 } as const;
const roleId = {
  type: "object",
  additionalProperties: false,
  required: ["role_id"],
  properties: { role_id: { type: "integer", minimum: 1 } },
} as const;

/** A new password, wherever one is set (own change, reset by an administrator). */
export const PASSWORD_SCHEMA = { type: "string", minLength: 6, maxLength: 64 } as const;

/** A node of the permission tree (mock-server/org/menu-tree.ts buildMenuTree). */
const menuNode = {
  title: "MenuTreeNode",
  type: "object",
  additionalProperties: false,
  required: ["menu_key", "menu_name", "path", "hidden", "open", "enabled", "children"],
  properties: {
    menu_key: { type: "string" },
    menu_name: { type: "string" },
    path: { type: "string" },
    hidden: { type: "boolean" },
    open: { type: "boolean" },
    enabled: { type: "boolean" },
    /** allrolestree: granted to the role. */
    checked: { type: "boolean" },
    listMenuButtons: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["menu_button_code", "menu_button_name"],
        properties: {
          menu_button_code: { type: "string" },
          menu_button_name: { type: "string" },
          checked: { type: "boolean" },
        },
      },
    },
    children: { type: "array", items: { $ref: "#/$defs/menuNode" } },
  },
} as const;
const menuTree = { type: "array", items: { $ref: "#/$defs/menuNode" }, $defs: { menuNode } } as const;

const PRODUCT_FIELDS = [
  "product_name",
  "spec",
  "barcode",
  "image",
  "brand_name",
  "unit_name",
  "batch_no",
  "production_date",
  "expiry_date",
  "manufacturer",
  "manufacturer_address",
] as const;

const dayFigures = {
  type: "object",
  additionalProperties: false,
  required: ["date", "codes", "scans", "shipped"],
  properties: {
    date: { type: "string" },
    codes: { type: "integer" },
    scans: { type: "integer" },
    shipped: { type: "integer" },
  },
} as const;

/** The caller's menus with `selected` (mock-server/org/menu-tree.ts selectedList); spec §4 derives the roles from it. */
const selectedMenu = {
  type: "object",
  additionalProperties: false,
  required: ["menu_key", "selected", "listMenuButtons"],
  properties: {
    menu_key: { type: "string" },
    selected: { type: "boolean" },
    listMenuButtons: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["menu_button_code", "selected"],
        properties: { menu_button_code: { type: "string" }, selected: { type: "boolean" } },
      },
    },
  },
} as const;

export const CALLS = {
  login: {
    endpoint: { method: "POST", path: "/api/sso/login" },
    owner: "sso.login",
    access: "public",
    summary: "Log in (spec §7); data is the token",
    input: {
      type: "object",
      additionalProperties: false,
      required: ["account_name", "account_password"],
      properties: {
        // " admin " is not admin: no leading or trailing space, nothing trimmed.
        account_name: { type: "string", minLength: 1, maxLength: 64, pattern: "^\\S(.*\\S)?$" },
        account_password: { type: "string", minLength: 1, maxLength: 128 },
        // The server narrows this to the manifest's account types when it declares them.
        account_type: { type: "string", maxLength: 32 },
        // spec §3: always sent as 1
        permissions: { type: ["integer", "string"] },
      },
    },
    data: { type: "string", description: "The session token; send it as the Token header" },
  },
  logout: {
    endpoint: { method: "POST", path: "/api/sso/loginout" },
    owner: "sso.loginout",
    // Logging out with an ended session still succeeds: the console is leaving anyway.
    access: "public",
    summary: "Log out (spec §7): the token stops working",
    data: { type: "null" },
  },
  selectedMenus: {
    endpoint: { method: "GET", path: "/api/org/menutree/selectedlist" },
    owner: "menutree.selectedlist",
    access: "open",
    summary: "The caller's menus and buttons, each with `selected` (spec §3, §4)",
    // spec §7: the token may come as a query parameter as well as in the Token header.
    input: { type: "object", additionalProperties: false, properties: { token: { type: "string", maxLength: 200 } } },
    data: { type: "array", items: selectedMenu },
  },
  loginLog: {
    endpoint: { method: "POST", path: "/api/org/loginlog/add" },
    owner: "loginlog.add",
    access: "open",
    summary: "Record a login (also served at /loginlog/api/org/loginlog/add)",
    // Both are accepted as spec §7 sends them, but neither is believed: the name is the session's
    // account and the address the connection's (through trusted proxies only, options.trustProxy).
    input: {
      type: "object",
      additionalProperties: false,
      required: ["accountName"],
      properties: {
        accountName: { type: "string", minLength: 1, maxLength: 64 },
        loginIp: { type: "string", maxLength: 64 },
      },
    },
    data: { type: "null" },
  },
  roleGrantTree: {
    endpoint: { method: "POST", path: "/api/org/menutree/allrolestree" },
    owner: "menutree.allrolestree",
    access: "granted",
    summary: "The tree with `checked` on each menu and button granted to the role",
    input: roleId,
    data: menuTree,
  },
  saveRoleGrants: {
    endpoint: { method: "POST", path: "/api/org/menutree/savetree" },
    owner: "menutree.savetree",
    access: "granted",
    summary: "Replace the role's granted menus and buttons",
    input: {
      type: "object",
      additionalProperties: false,
      required: ["role_id", "menu_keys", "button_codes"],
      properties: {
        role_id: { type: "integer", minimum: 1 },
        menu_keys: { type: "array", items: menuKey, maxItems: 2000 },
        button_codes: { type: "array", items: menuKey, maxItems: 5000 },
      },
    },
    data: {
      type: "object",
      additionalProperties: false,
      required: ["role_id", "menu_keys", "button_codes"],
      properties: {
        role_id: { type: "integer" },
        menu_keys: { type: "array", items: { type: "string" } },
        button_codes: { type: "array", items: { type: "string" } },
      },
    },
  },
  menuTree: {
    endpoint: { method: "GET", path: "/api/org/menutree/alltree" },
    owner: "menutree.alltree",
    access: "granted",
    summary: "The whole menu tree without buttons",
    data: menuTree,
  },
  enableMenu: {
    endpoint: { method: "POST", path: "/api/org/menutree/menutreeenable" },
    owner: "menutree.menutreeenable",
    access: "granted",
    summary: "Switch a menu (and so its subtree) on or off for everyone but admin",
    input: {
      type: "object",
      additionalProperties: false,
      required: ["menu_key", "enabled"],
      properties: { menu_key: menuKey, enabled: { type: "boolean" } },
    },
    data: {
      type: "object",
      additionalProperties: false,
      required: ["menu_key", "enabled"],
      properties: { menu_key: { type: "string" }, enabled: { type: "boolean" } },
    },
  },
  regionChildren: {
    endpoint: { method: "GET", path: "/api/org/addressareas/findByParentCode" },
    owner: "addressareas.findByParentCode",
    access: "open",
    summary: "Children of an area code; parent_code 0 or empty gives the provinces",
    input: {
      type: "object",
      additionalProperties: false,
      properties: { parent_code: { type: "string", pattern: "^\\d{0,12}$" } },
    },
    data: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["code", "name", "parent_code", "level", "leaf"],
        properties: {
          code: { type: "string" },
          name: { type: "string" },
          parent_code: { type: "string" },
          level: { type: "integer", description: "1 province, 2 city (or district of a municipality), 3 district" },
          leaf: { type: "boolean" },
        },
      },
    },
  },
  changeOwnPassword: {
    endpoint: { method: "POST", path: "/api/org/employees/updatepasswordself" },
    owner: "employees.updatepasswordself",
    access: "open",
    summary: "Change the signed-in account's own password; its other sessions end",
    input: {
      type: "object",
      additionalProperties: false,
      required: ["old_password", "new_password"],
      properties: { old_password: { type: "string", maxLength: 128 }, new_password: PASSWORD_SCHEMA },
    },
    data: { type: "null" },
  },
  enterpriseIcp: {
    endpoint: { method: "GET", path: "/api/org/enterpriseaccountnoauth/geticp" },
    owner: "enterpriseaccountnoauth.geticp",
    access: "public",
    summary: "The ICP record shown on the login page, for an enterprise code",
    // The product this spec describes was broken into through this very parameter, so it is
    // bounded here and only ever bound as a value.
    input: {
      type: "object",
      additionalProperties: false,
      required: ["enterprise_code"],
      properties: { enterprise_code: { type: "string", minLength: 1, maxLength: 64 } },
    },
    data: {
      type: "object",
      additionalProperties: false,
      required: ["icp_record", "icp_url", "enterprise_name", "time_zone"],
      properties: {
        icp_record: nullable("string"),
        icp_url: nullable("string"),
        enterprise_name: nullable("string"),
        // The business time zone (IANA) the console counts days and shows times in.
        time_zone: { type: "string" },
      },
    },
  },
  dashboardToday: {
    endpoint: { method: "GET", path: "/api/dashboard/today" },
    owner: "dashboard.today",
    access: "open",
    // Days are the enterprise's business days (its time zone), whoever looks.
    summary: "Today's figures and the last seven business days",
    data: {
      type: "object",
      additionalProperties: false,
      required: [
        "today",
        "time_zone",
        "codes_generated",
        "codes_activated",
        "items_produced",
        "shipped",
        "consumer_scans",
        "open_warnings",
        "last7days",
      ],
      properties: {
        today: { type: "string", format: "date" },
        time_zone: { type: "string" },
        codes_generated: { type: "integer" },
        codes_activated: { type: "integer" },
        items_produced: { type: "integer" },
        shipped: { type: "integer" },
        consumer_scans: { type: "integer" },
        open_warnings: { type: "integer" },
        last7days: { type: "array", items: dayFigures },
      },
    },
  },
  consumerScan: {
    endpoint: { method: "GET", path: "/api/public/scan" },
    owner: "public.scan",
    access: "public",
    summary:
      "A consumer scans a code (public scan page): the product as a consumer sees it, and how often the code was queried",
    input: {
      type: "object",
      additionalProperties: false,
      required: ["code"],
      properties: {
        code: { type: "string", minLength: 1, maxLength: SCAN_CODE_MAX_LENGTH, pattern: SCAN_CODE_PATTERN },
        /** The page scanned from (manifest enum scan_path), recorded with the scan. */
        path: { type: "string", enum: SCAN_PATHS },
        /** From a GS1 Digital Link (/01/{gtin}/21/{code}): its GTIN, checked with the link before the code is looked up. */
        gtin: { type: "string", pattern: "^\\d{14}$" },
      },
    },
    data: {
      type: "object",
      additionalProperties: false,
      required: ["code", "result", "scan_index", "first_scan_at", "threshold", "product", "page"],
      properties: {
        code: { type: "string" },
        // The verdict follows the code's state (mock-server/public/scan-verdict.ts).
        result: { type: "string", enum: [...SCAN_VERDICTS] },
        /** Consumer scans above which a code is a strong counterfeit suspect (over_threshold). */
        threshold: { type: "integer", minimum: 1 },
        scan_index: { type: "integer", minimum: 1 },
        first_scan_at: { type: ["string", "null"], format: "date-time" },
        product: {
          anyOf: [
            {
              type: "object",
              additionalProperties: false,
              properties: {
                ...Object.fromEntries(PRODUCT_FIELDS.map((name) => [name, nullable("string")])),
                shelf_life_days: nullable("integer"),
              },
            },
            { type: "null" },
          ],
        },
        /**
         * The product's scan page template (扫码模板, else the default one): title,
         * colour, the message for this verdict, its banners in order, and the dealer and waybill
         * only when the template shows them (otherwise they are not in the answer at all).
         */
        page: {
          anyOf: [
            {
              type: "object",
              additionalProperties: false,
              required: ["title", "theme_color", "message", "banners", "dealer", "waybill"],
              properties: {
                title: nullable("string"),
                theme_color: nullable("string"),
                message: nullable("string"),
                banners: {
                  type: "array",
                  items: {
                    type: "object",
                    additionalProperties: false,
                    required: ["title", "image_url", "link_url"],
                    properties: {
                      title: nullable("string"),
                      image_url: { type: "string" },
                      link_url: nullable("string"),
                    },
                  },
                },
                dealer: nullable("string"),
                waybill: nullable("string"),
              },
            },
            { type: "null" },
          ],
        },
      },
    },
  },
  ...CHAIN_LOOKUP_CALLS,
  ...TRACE_INQUIRY_CALLS,
  ...EVIDENCE_PHOTO_CALLS,
  ...CODE_BATCH_CALLS,
  ...WAYBILL_FILE_CALLS,
  ...STATION_BATCH_CALLS,
  // The ledger's events of one scope as an EPCIS 2.0 document (JSON-LD); the export
  // test validates every answer against GS1's EPCIS 2.0 JSON Schema.
  epcisExport: {
    endpoint: { method: "GET", path: "/api/tagging/tracecodes/epcis" },
    owner: "trace_codes.epcis",
    access: "granted",
    summary: "EPCIS 2.0 export of a code (with the packages above it), a production batch or a work order",
    input: {
      type: "object",
      additionalProperties: false,
      minProperties: 1,
      maxProperties: 1,
      properties: {
        code: { type: "string", minLength: 1, maxLength: 64 },
        batch_no: { type: "string", minLength: 1, maxLength: 32 },
        work_order_id: { type: "integer", minimum: 1 },
      },
    },
    data: {
      type: "object",
      required: ["@context", "type", "schemaVersion", "creationDate", "epcisBody"],
      properties: {
        "@context": { type: "array" },
        type: { const: "EPCISDocument" },
        schemaVersion: { const: "2.0" },
        creationDate: { type: "string", format: "date-time" },
        epcisBody: {
          type: "object",
          required: ["eventList"],
          properties: { eventList: { type: "array", items: { type: "object", additionalProperties: true } } },
        },
      },
    },
  },
} as const satisfies Readonly<Record<string, CallContract>>;

export type CallName = keyof typeof CALLS;
