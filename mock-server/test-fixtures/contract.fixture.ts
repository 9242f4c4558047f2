// A small hand-written contract for the server's tests: the org resources spec §7 names,
// a tree, a singleton, refs, a row action with when/set, a handler action, a report, and a menu
// tree with buttons. Shaped like mock-server/generated/contract.gen.ts.
import type { ServerContract } from "../../schema/contract/server-contract";
import { action, col, entity, menu } from "./fixture-builder";

const text = (name: string, extra = {}) => col(name, "string", { maxLength: 64, ...extra });

const departments = entity({
  name: "departments",
  api: "/api/org/enterprisedepart",
  endpoints: { list: "GET /api/org/enterprisedepart/list", tree: "GET /api/org/enterprisedepart/tree" },
  paged: false,
  tree: { parentField: "parent_id", childrenKey: "listSubWareHouses" },
  labelField: "depart_name",
  columns: [
    text("depart_code", { unique: true, required: true, inputRule: true, filter: "eq", sortable: true }),
    text("depart_name", { required: true, filter: "contains" }),
    col("parent_id", "integer", { ref: "departments", widget: "select", filter: "eq" }),
  ],
  readRoles: ["tree"],
  writeRoles: { create: ["tree_add"], edit: ["tree_edit"], delete: ["tree_delete"] },
  optionRoles: ["tree", "departmentjob", "stafflist"],
  seedRows: 8,
});

const positions = entity({
  name: "positions",
  api: "/api/org/positions",
  endpoints: { list: "POST /api/org/positions/list" },
  columns: [
    text("position_name", { required: true, filter: "contains" }),
    col("department_id", "integer", { ref: "departments", widget: "select", filter: "eq" }),
  ],
  readRoles: ["departmentjob"],
  writeRoles: { create: ["departmentjob_add"], edit: ["departmentjob_edit"], delete: ["departmentjob_delete"] },
  optionRoles: ["departmentjob", "stafflist"],
  seedRows: 6,
});

const roles = entity({
  name: "roles",
  api: "/api/org/roles",
  endpoints: { list: "GET /api/org/roles/list" },
  paged: false,
  columns: [text("role_name", { required: true, unique: true, filter: "contains" }), text("remark")],
  readRoles: ["rolemanage"],
  writeRoles: { create: ["rolemanage_add"], edit: ["rolemanage_edit"], delete: ["rolemanage_delete"] },
  optionRoles: ["rolemanage", "departmentjob"],
  seedRows: 4,
});

const positionRoles = entity({
  name: "position_roles",
  api: "/api/org/positionrole",
  endpoints: { list: "POST /api/org/positionrole/list" },
  labelField: "id",
  columns: [
    col("position_id", "integer", { ref: "positions", required: true, widget: "select", filter: "eq" }),
    col("role_id", "integer", { ref: "roles", required: true, widget: "select", filter: "eq" }),
  ],
  readRoles: ["departmentjob"],
  writeRoles: { create: ["departmentjob_add"], edit: ["departmentjob_edit"], delete: ["departmentjob_delete"] },
  seedRows: 4,
});

const employees = entity({
  name: "employees",
  api: "/api/org/employees",
  columns: [
    text("account_name", {
      required: true,
      unique: true,
      inputRule: true,
      maxLength: 32,
      filter: "contains",
      sortable: true,
    }),
    col("account_password", "string", { widget: "password", maxLength: 64 }),
    text("employee_name", { required: true, filter: "contains", sortable: true }),
    col("phone", "string", { format: "phone" }),
    col("account_type", "string", { enumValues: ["enterprise", "dealer"], filter: "eq", widget: "select" }),
    col("department_id", "integer", { ref: "departments", filter: "eq", widget: "select" }),
    col("position_id", "integer", { ref: "positions", filter: "eq", widget: "select" }),
    col("enabled", "boolean", { filter: "eq" }),
  ],
  readRoles: ["stafflist"],
  writeRoles: { create: ["stafflist_add"], edit: ["stafflist_edit"], delete: ["stafflist_delete"] },
  actions: [
    action("resetPassword", "/api/org/employees/resetpassword", {
      handler: "reset-password",
      roles: ["stafflist_reset"],
    }),
  ],
  seedRows: 30,
});

const menuButtons = entity({
  name: "menu_buttons",
  api: "/api/org/menubutton",
  endpoints: { list: "POST /api/org/menubutton/list" },
  labelField: "menu_button_name",
  columns: [
    text("menu_key", { required: true, filter: "eq" }),
    text("menu_button_code", { required: true, unique: true }),
    text("menu_button_name", { required: true }),
  ],
  readRoles: ["buttonpower"],
  writeRoles: { create: ["buttonpower_add"], edit: ["buttonpower_edit"], delete: ["buttonpower_delete"] },
});

const enterprise = entity({
  name: "enterprise",
  api: "/api/org/enterpriseaccount",
  endpoints: { detail: "GET /api/org/enterpriseaccount/geticp", update: "POST /api/org/enterpriseaccount/updateicp" },
  singleton: true,
  labelField: "enterprise_name",
  columns: [
    text("enterprise_code", { required: true }),
    text("enterprise_name", { required: true }),
    text("icp_record"),
    col("icp_url", "string", { format: "uri" }),
  ],
  readRoles: ["enterprise"],
  writeRoles: { edit: ["enterprise_edit"] },
  seedRows: 1,
});

const brands = entity({
  name: "brands",
  api: "/api/base/brands",
  columns: [text("brand_name", { required: true, unique: true, filter: "contains" })],
  readRoles: ["productsort"],
  writeRoles: { create: ["productsort_add"] },
  optionRoles: ["productlist"],
  seedRows: 5,
});

const products = entity({
  name: "products",
  api: "/api/base/products",
  defaultSort: "-id",
  columns: [
    text("product_code", { required: true, unique: true, inputRule: true, filter: "eq", sortable: true }),
    text("product_name", { required: true, maxLength: 32, filter: "contains", sortable: true }),
    col("brand_id", "integer", { ref: "brands", filter: "eq", widget: "select" }),
    col("price", "number", { minimum: 0, maximum: 100000, filter: "range", sortable: true }),
    col("status", "string", { enumValues: ["draft", "on_sale", "discontinued"], filter: "eq" }),
    col("launched_on", "string", { format: "date", filter: "range", sortable: true }),
    col("on_sale", "boolean", { filter: "eq" }),
  ],
  readRoles: ["productlist"],
  writeRoles: { create: ["productlist_add"], edit: ["productlist_edit"], delete: ["productlist_delete"] },
  optionRoles: ["productlist", "readycreate", "records", "customerquery", "collect"],
  seedRows: 40,
});

const stores = entity({
  name: "stores",
  api: "/api/base/stores",
  columns: [text("store_name", { required: true, filter: "contains" }), col("region", "string", { widget: "region" })],
  readRoles: ["store"],
  writeRoles: { create: ["store_add"], edit: ["store_edit"], delete: ["store_delete"] },
  seedRows: 10,
});

const dealers = entity({
  name: "dealers",
  api: "/api/base/dealers",
  columns: [
    text("dealer_name", { required: true, filter: "contains" }),
    text("contact_person"),
    col("contact_phone", "string", { format: "phone" }),
  ],
  readRoles: ["dealer"],
  writeRoles: { create: ["dealer_add"], edit: ["dealer_edit"], delete: ["dealer_delete"] },
  seedRows: 12,
});

const codeOrders = entity({
  name: "code_orders",
  api: "/api/tagging/orders",
  columns: [
    text("order_no", { required: true, unique: true, inputRule: true, filter: "eq" }),
    col("product_id", "integer", { ref: "products", required: true, filter: "eq", widget: "select" }),
    col("quantity", "integer", { required: true, minimum: 1, maximum: 5000 }),
    col("status", "string", { enumValues: ["draft", "submitted", "generated", "closed"], filter: "eq" }),
  ],
  readRoles: ["readycreate"],
  writeRoles: { create: ["readycreate_add"], edit: ["readycreate_edit"], delete: ["readycreate_delete"] },
  actions: [
    action("submit", "/api/tagging/orders/submit", {
      when: { status: ["draft"] },
      set: { status: "submitted" },
      roles: ["readycreate_submit"],
    }),
    action("generate", "/api/tagging/orders/generate", {
      when: { status: ["submitted"] },
      set: { status: "generated" },
      handler: "generate-codes",
      roles: ["readycreate_generate"],
    }),
    action("closeDrafts", "/api/tagging/orders/closedrafts", {
      scope: "collection",
      when: { status: ["draft"] },
      set: { status: "closed" },
      roles: ["readycreate_edit"],
    }),
  ],
  seedRows: 6,
});

const traceCodes = entity({
  name: "trace_codes",
  api: "/api/tagging/codes",
  labelField: "code",
  columns: [
    text("code", { required: true, unique: true, filter: "eq" }),
    col("code_order_id", "integer", { ref: "code_orders", filter: "eq", widget: "select" }),
    col("product_id", "integer", { ref: "products", filter: "eq", widget: "select" }),
    col("scan_count", "integer", { readOnly: true, minimum: 0, sortable: true }),
    col("first_scan_at", "string", { readOnly: true, format: "date-time" }),
  ],
  readRoles: ["records"],
  seedRows: 50,
});

const consumerScans = entity({
  name: "consumer_scans",
  api: "/api/query/scans",
  columns: [
    text("code", { filter: "contains" }),
    col("product_id", "integer", { ref: "products", filter: "eq", widget: "select" }),
    col("result", "string", { enumValues: ["genuine", "repeated", "not_found"], filter: "eq" }),
    col("region", "string", { widget: "region", filter: "eq" }),
    col("scanned_at", "string", { format: "date-time", filter: "range", sortable: true }),
  ],
  readRoles: ["customerquery"],
  seedRows: 60,
});

const duplicateCodes = entity({
  name: "duplicate_codes",
  api: "/api/plant/duplicatecodes",
  columns: [text("code", { filter: "contains" })],
  readRoles: ["repeatedquery"],
  seedRows: 3,
});

const scanReport = entity({
  name: "scan_report",
  api: "/api/report/scans",
  columns: [
    col("product_id", "integer", { ref: "products", filter: "eq", sortable: true }),
    col("scans", "integer", { sortable: true, readOnly: true }),
    col("first_scan", "string", { readOnly: true }),
  ],
  report: {
    source: "consumer_scans",
    dateField: "scanned_at",
    dimensions: ["product_id"],
    measures: [
      { name: "scans", agg: "count" },
      { name: "first_scan", agg: "min", field: "scanned_at" },
    ],
  },
  defaultSort: "-scans",
  readRoles: ["collect"],
});

export const fixtureContract: ServerContract = {
  title: "4.1.0追溯系统",
  enums: { account_type: ["enterprise", "dealer"] },
  resources: [
    brands,
    codeOrders,
    consumerScans,
    dealers,
    departments,
    duplicateCodes,
    employees,
    enterprise,
    menuButtons,
    positionRoles,
    positions,
    products,
    roles,
    scanReport,
    stores,
    traceCodes,
  ],
  menuTree: menu("home", "/home", {
    children: [
      menu("base", "base", {
        children: [
          menu("product", "product", {
            children: [
              menu("productlist", "/productlist", {
                buttons: [
                  ["productlist_add", "create"],
                  ["productlist_edit", "edit"],
                  ["productlist_delete", "delete"],
                  ["productlist_export", "export"],
                ],
              }),
              menu("productsort", "/productsort", { buttons: [["productsort_add", "create"]] }),
            ],
          }),
          menu("store", "/store", {
            buttons: [
              ["store_add", "create"],
              ["store_edit", "edit"],
              ["store_delete", "delete"],
            ],
          }),
          menu("dealer", "/dealer", {
            buttons: [
              ["dealer_add", "create"],
              ["dealer_edit", "edit"],
              ["dealer_delete", "delete"],
            ],
          }),
          menu("enterprise", "/enterprise", { buttons: [["enterprise_edit", "edit"]] }),
        ],
      }),
      menu("organ", "organ", {
        children: [
          menu("tree", "/tree", {
            buttons: [
              ["tree_add", "create"],
              ["tree_edit", "edit"],
              ["tree_delete", "delete"],
            ],
          }),
          menu("departmentjob", "departmentjob", {
            buttons: [
              ["departmentjob_add", "create"],
              ["departmentjob_edit", "edit"],
              ["departmentjob_delete", "delete"],
            ],
          }),
          menu("staff", "/staff", {
            children: [
              menu("stafflist", "/stafflist", {
                buttons: [
                  ["stafflist_add", "create"],
                  ["stafflist_edit", "edit"],
                  ["stafflist_delete", "delete"],
                  ["stafflist_reset", "resetPassword"],
                ],
              }),
            ],
          }),
          menu("role", "/role", {
            children: [
              menu("rolemanage", "rolemanage", {
                buttons: [
                  ["rolemanage_add", "create"],
                  ["rolemanage_edit", "edit"],
                  ["rolemanage_delete", "delete"],
                ],
              }),
              menu("setmenusenable", "setmenusenable", { hidden: true }),
              menu("buttonpower", "buttonpower", {
                buttons: [
                  ["buttonpower_add", "create"],
                  ["buttonpower_edit", "edit"],
                  ["buttonpower_delete", "delete"],
                ],
              }),
            ],
          }),
        ],
      }),
      menu("tagging", "tagging", {
        children: [
          menu("readycreate", "readycreate", {
            buttons: [
              ["readycreate_add", "create"],
              ["readycreate_edit", "edit"],
              ["readycreate_delete", "delete"],
              ["readycreate_submit", "submit"],
              ["readycreate_generate", "generate"],
            ],
          }),
          menu("records", "records"),
        ],
      }),
      menu("querymanage", "/querymanage", {
        children: [menu("customerquery", "/customerquery"), menu("repeatedquery", "/repeatedquery", { open: true })],
      }),
      menu("report", "report", { children: [menu("collect", "/collect")] }),
    ],
  }),
};
