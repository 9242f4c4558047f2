import { describe, expect, it } from "vitest";
import { actionApplies, actionButtons, buttonFor, downloadInputs, hasRowActions } from "./screen-buttons";
import type { ActionConfig, ButtonConfig } from "../../../schema/contract/screen-config";

const close: ActionConfig = {
  name: "close",
  titleKey: "a.close",
  method: "POST",
  path: "/api/o/close",
  scope: "row",
  when: { status: ["open", 1] },
};
const purge: ActionConfig = {
  name: "purge",
  titleKey: "a.purge",
  method: "POST",
  path: "/api/o/purge",
  scope: "collection",
};
const hidden: ActionConfig = {
  name: "hidden",
  titleKey: "a.hidden",
  method: "POST",
  path: "/api/o/hidden",
  scope: "row",
};
const buttons: ButtonConfig[] = [
  { code: "order_add", action: "create", titleKey: "b.add" },
  { code: "order_purge", action: "purge", titleKey: "b.purge" },
  { code: "order_close", action: "close", titleKey: "b.close" },
];
const config = { buttons, actions: [close, purge, hidden] };

describe("screen buttons", () => {
  it("finds a button by action", () => {
    expect(buttonFor(config, "create")?.code).toBe("order_add");
    expect(buttonFor(config, "delete")).toBeUndefined();
  });
  it("lists actions of a scope that have a button", () => {
    expect(actionButtons(config, "row").map((spec) => spec.button.code)).toEqual(["order_close"]);
    expect(actionButtons(config, "collection").map((spec) => spec.action.name)).toEqual(["purge"]);
  });
  it("applies `when`", () => {
    expect(actionApplies(close, { status: "open" })).toBe(true);
    expect(actionApplies(close, { status: "1" })).toBe(true);
    expect(actionApplies(close, { status: "closed" })).toBe(false);
    expect(actionApplies(purge, {})).toBe(true);
  });
});

describe("hasRowActions", () => {
  const bare = { buttons: [], actions: [], routes: { list: "/o" } };
  it("is false without show route, row buttons or row actions", () => {
    expect(hasRowActions(bare, false)).toBe(false);
    expect(hasRowActions({ ...bare, buttons: [{ code: "d", action: "delete", titleKey: "" }] }, true)).toBe(false);
  });
  it("is true with a show route, a delete button or a row action", () => {
    expect(hasRowActions({ ...bare, routes: { show: "/o/:id" } }, true)).toBe(true);
    expect(hasRowActions({ ...bare, buttons: [{ code: "d", action: "delete", titleKey: "" }] }, false)).toBe(true);
    expect(hasRowActions({ ...config, routes: {} }, true)).toBe(true);
  });
});

describe("downloadInputs (manifest action params)", () => {
  it("takes the call's inputs from the record's fields, {id} by default for a row", () => {
    expect(downloadInputs({ scope: "row" }, { id: 7, batch_no: "B1" })).toEqual({ id: 7 });
    expect(downloadInputs({ scope: "row", params: { work_order_id: "id" } }, { id: 9 })).toEqual({ work_order_id: 9 });
    expect(downloadInputs({ scope: "row", params: { batch_no: "batch_no" } }, { id: 9, batch_no: null })).toEqual({});
    expect(downloadInputs({ scope: "collection" }, { id: 9 })).toEqual({});
    expect(downloadInputs({ scope: "row", fixed: { format: "csv" } }, { id: 9 })).toEqual({ format: "csv", id: 9 });
  });
});
