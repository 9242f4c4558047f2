import { describe, expect, it } from "vitest";
import {
  menu,
  modelOf,
  normalizeTiny,
  refTo,
  resource,
  t,
  text,
  type TinyManifest,
} from "../test-support/tiny-manifest";
import { emitRoutes } from "./emit-routes";
import { emitScreens } from "./emit-screens";
import { stationConfig } from "./emit-stations";

type Json = Record<string, unknown>;

const PACKING = {
  call: "create",
  setup: ["level"],
  steps: [{ field: "parent_code", opens: true }, { field: "child_code" }],
  capacity: "packageContents",
  undo: { resource: "unlinks", code: "code", parent: "named_parent", reason: "reason" },
};

const stationManifest = (station: Json): TinyManifest => ({
  menus: [
    menu("links", { screen: { kind: "crud", resource: "links", views: ["list", "create"] } }),
    menu("packing", {
      screen: { kind: "station", resource: "links", station },
      buttons: [{ code: "packing_scan", action: "create" }],
    }),
  ],
  resources: [
    resource("links", { parent_code: text(), child_code: text(), level: text() }),
    resource("unlinks", { code: text(), named_parent: text(), reason: text() }),
  ],
});

describe("a station screen", () => {
  const model = modelOf(stationManifest(PACKING));
  const packing = model.menus.find((m) => m.name === "packing")!;

  it("resolves its calls to endpoints and its scan button", () => {
    expect(stationConfig(model, packing, packing.screen!.station!)).toEqual({
      menu: "packing",
      titleKey: "menu.packing",
      call: { method: "POST", path: "/api/links/add" },
      setup: ["level"],
      steps: [
        { field: "parent_code", opens: true },
        { field: "child_code", opens: false },
      ],
      capacityPath: "/api/plant/packages/contents",
      undo: { method: "POST", path: "/api/unlinks/add", code: "code", parent: "named_parent", reason: "reason" },
      scanButton: { code: "packing_scan", action: "create", titleKey: "button.packing_scan" },
    });
  });

  it("hosts its resource and the undo's without taking the crud's views", () => {
    const links = model.resources.find((r) => r.name === "links")!;
    expect(links.views.map((v) => v.menu)).toEqual(["links", "links"]);
    expect(links.readRoles).toEqual(["links", "packing"]);
    expect(model.resources.find((r) => r.name === "unlinks")!.writeRoles).toEqual({ create: ["packing_scan"] });
  });

  it("emits one page rendering StationScreen and routes it at the menu's path", () => {
    const page = emitScreens(model).find((f) => f.path === "src/generated/screens/packing/ListPage.gen.tsx")!;
    expect(page.content).toContain("return <StationScreen config={linksConfig} station={station} />;");
    expect(page.content).toContain('capacityPath: "/api/plant/packages/contents"');
    const [routes] = emitRoutes(model);
    expect(routes.content).toContain('path: "/home/packing"');
    expect(routes.content).toContain('load: () => import("./screens/packing/ListPage.gen")');
  });

  it.each([
    {
      given: { steps: [{ field: "child_kode" }] },
      want: "resource 'links' has no field 'child_kode'; did you mean 'child_code'?",
    },
    {
      given: { steps: [{ field: "parent_code" }, { field: "child_code" }] },
      want: "of two steps, the first opens the unit",
    },
    {
      given: { steps: [{ field: "child_code" }], capacity: "packageContent" },
      want: "did you mean 'packageContents'?",
    },
    { given: { call: "ship", steps: [{ field: "child_code" }] }, want: "'ship' is neither create nor an action" },
    {
      given: { steps: [{ field: "child_code" }], undo: { resource: "unlinkz", code: "code" } },
      want: "resource 'unlinkz' does not exist",
    },
  ])("a problem with its place: $want", ({ given, want }) => {
    const { problems } = normalizeTiny(stationManifest(given));
    expect(problems.map((p) => p.message).join("\n")).toContain(want);
  });

  // Its scans go several in one request after a blip (POST /api/stations/batch takes POST calls only).
  it.each([
    { links: { endpoints: { create: "PUT /api/links/add" } }, call: "create", want: "'create' is PUT" },
    {
      links: { actions: { pack: { endpoint: "PATCH /api/links/pack", title: t("Pack"), set: { level: "x" } } } },
      call: "pack",
      want: "'pack' is PATCH",
    },
  ])("a call the station batch cannot take is a problem: $want", ({ links, call, want }) => {
    const manifest = stationManifest({ ...PACKING, call });
    const [, unlinks] = manifest.resources;
    const resources = [resource("links", { parent_code: text(), child_code: text(), level: text() }, links), unlinks];
    const { problems } = normalizeTiny({ ...manifest, resources });
    expect(problems.map((p) => `${p.pointer} ${p.message}`).join("\n")).toContain(
      `/screen/station/call a station's scans wait in the browser and go several in one request (POST /api/stations/batch), which takes POST calls; ${want}`,
    );
  });

  it("a station without its declaration is a problem", () => {
    const manifest = stationManifest(PACKING);
    const menus = [
      manifest.menus[0],
      menu("bare", { screen: { kind: "station", resource: "links" }, title: t("bare") }),
    ];
    const { problems } = normalizeTiny({ ...manifest, menus });
    expect(problems.map((p) => p.message)).toContain("a station screen needs 'station' (its steps and call)");
  });
});

// Shipping: scans load a draft chosen once; its own row action (ship) finishes it under this menu's button.
const loadingManifest = (finish: Json, buttons: Json[] = [{ code: "loading_ship", action: "ship" }]): TinyManifest => ({
  menus: [
    menu("loading", {
      screen: {
        kind: "station",
        resource: "loads",
        station: { setup: ["sheet_id", "other_id"], steps: [{ field: "code" }], finish },
      },
      buttons: [{ code: "loading_scan", action: "create" }, ...buttons],
    }),
  ],
  resources: [
    resource(
      "sheets",
      { sheet_no: text() },
      {
        labelField: "sheet_no",
        actions: {
          ship: { endpoint: "POST /api/sheets/ship", title: t("Ship"), set: { sheet_no: "x" } },
          all: { endpoint: "POST /api/sheets/all", title: t("All"), scope: "collection", set: { sheet_no: "x" } },
        },
      },
    ),
    resource("loads", { code: text(), sheet_id: refTo("sheets"), other_id: refTo("loads") }),
  ],
});

describe("a station's finish", () => {
  const SHIP = { resource: "sheets", action: "ship", id: "sheet_id" };

  it("resolves the other resource's row action, its label field and this menu's button for it", () => {
    const model = modelOf(loadingManifest(SHIP));
    const loading = model.menus.find((m) => m.name === "loading")!;
    expect(stationConfig(model, loading, loading.screen!.station!).finish).toEqual({
      method: "POST",
      path: "/api/sheets/ship",
      idField: "sheet_id",
      labelField: "sheet_no",
      listPath: "/api/sheets/pagelist",
      titleKey: "button.loading_ship",
      button: { code: "loading_ship", action: "ship", titleKey: "button.loading_ship" },
    });
  });

  it("writes the finish under this menu's button, and hosts the finished resource for reading", () => {
    const sheets = modelOf(loadingManifest(SHIP)).resources.find((r) => r.name === "sheets")!;
    expect(sheets.writeRoles.ship).toEqual(["loading_ship"]);
    expect(sheets.readRoles).toEqual(["loading"]);
  });

  it.each([
    { given: { ...SHIP, resource: "sheetz" }, want: "resource 'sheetz' does not exist" },
    { given: { ...SHIP, action: "shp" }, want: "'shp' is not a row action of resource 'sheets'; did you mean 'ship'?" },
    { given: { ...SHIP, action: "all" }, want: "'all' is not a row action of resource 'sheets'" },
    { given: { ...SHIP, id: "code" }, want: "'code' is not one of the station's setup fields" },
    { given: { ...SHIP, id: "other_id" }, want: "setup field 'other_id' does not refer to resource 'sheets'" },
  ])("a problem with its place: $want", ({ given, want }) => {
    const { problems } = normalizeTiny(loadingManifest(given));
    expect(problems.map((p) => p.message).join("\n")).toContain(want);
  });

  it("a button for an action neither resource has is still a problem", () => {
    const { problems } = normalizeTiny(loadingManifest(SHIP, [{ code: "loading_cancel", action: "cancel" }]));
    expect(problems.map((p) => p.message).join("\n")).toContain("unknown action 'cancel'");
  });
});

// The sheets' own screen has the Ship button; the station's finish names it instead of adding one.
const sheetsScreen = (
  buttons: Json[] = [
    { code: "sheets_ship", action: "ship" },
    { code: "sheets_edit", action: "edit" },
  ],
) => menu("sheets", { screen: { kind: "crud", resource: "sheets" }, buttons });
const namedButtonManifest = (button: string, stationButtons: Json[] = [], screenButtons?: Json[]): TinyManifest => {
  const base = loadingManifest({ resource: "sheets", action: "ship", id: "sheet_id", button }, stationButtons);
  return { ...base, menus: [sheetsScreen(screenButtons), ...base.menus] };
};

describe("a station's finish naming the record's own screen's button", () => {
  it("is offered under that button, which stays the action's one button and permission", () => {
    const model = modelOf(namedButtonManifest("sheets_ship"));
    const loading = model.menus.find((m) => m.name === "loading")!;
    expect(stationConfig(model, loading, loading.screen!.station!).finish).toMatchObject({
      path: "/api/sheets/ship",
      titleKey: "button.sheets_ship",
      button: { code: "sheets_ship", action: "ship", titleKey: "button.sheets_ship" },
    });
    const sheets = model.resources.find((r) => r.name === "sheets")!;
    expect(sheets.writeRoles.ship).toEqual(["sheets_ship"]);
    expect(model.buttons.filter((b) => b.action === "ship").map((b) => b.code)).toEqual(["sheets_ship"]);
  });

  it.each([
    { button: "sheets_shp", want: "no menu has a button 'sheets_shp'; did you mean 'sheets_ship'?" },
    { button: "sheets_edit", want: "button 'sheets_edit' is for 'edit', not the finish's 'ship'" },
    { button: "loading_scan", want: "button 'loading_scan' is for 'create', not the finish's 'ship'" },
  ])("a problem with its place: $want", ({ button, want }) => {
    const { problems } = normalizeTiny(namedButtonManifest(button));
    expect(problems.map((p) => p.message)).toContain(want);
  });

  it("a button for the action on a screen of another resource is a problem", () => {
    const base = namedButtonManifest("loads_ship");
    const loads = menu("loadlist", {
      screen: { kind: "crud", resource: "loads" },
      buttons: [{ code: "loads_ship", action: "ship" }],
    });
    const { problems } = normalizeTiny({ ...base, menus: [loads, ...base.menus] });
    expect(problems.map((p) => p.message)).toContain("button 'loads_ship' is not on a screen of resource 'sheets'");
  });

  it("the station's own button for the action beside it is a problem: the rows would show it twice", () => {
    const { problems } = normalizeTiny(namedButtonManifest("sheets_ship", [{ code: "loading_ship", action: "ship" }]));
    const problem = problems.find((p) => p.message.includes("repeats"));
    expect(problem?.message).toBe(
      "button 'loading_ship' repeats the finish's button 'sheets_ship': the record's rows would show 'ship' twice",
    );
  });
});

// Children first: scans are held by the station and sent with each call, whose answer says held or closed.
const holdingManifest = (station: Json): TinyManifest => ({
  menus: [
    menu("firsts", {
      screen: { kind: "station", resource: "links", station },
      buttons: [{ code: "firsts_scan", action: "pack_held" }],
    }),
  ],
  resources: [
    resource(
      "links",
      { parent_code: text(), child_code: text(), level: text() },
      {
        actions: {
          pack_held: {
            endpoint: "POST /api/links/packheld",
            title: t("Pack"),
            scope: "collection",
            handler: "pack-held",
          },
        },
      },
    ),
  ],
});

describe("a station holding its scans (children first)", () => {
  it("names the call's input for the held codes and scans under the action's button", () => {
    const model = modelOf(
      holdingManifest({ call: "pack_held", setup: ["level"], steps: [{ field: "child_code" }], hold: "held" }),
    );
    const firsts = model.menus.find((m) => m.name === "firsts")!;
    expect(stationConfig(model, firsts, firsts.screen!.station!)).toMatchObject({
      call: { method: "POST", path: "/api/links/packheld" },
      hold: "held",
      scanButton: { code: "firsts_scan", action: "pack_held" },
    });
  });

  it.each([
    {
      given: {
        call: "pack_held",
        steps: [{ field: "parent_code", opens: true }, { field: "child_code" }],
        hold: "held",
      },
    },
    { given: { steps: [{ field: "child_code" }], hold: "held" } },
  ])("holding needs one step and an action: $given.steps.length step(s)", ({ given }) => {
    const { problems } = normalizeTiny(holdingManifest(given));
    expect(problems.map((p) => p.message)).toContain(
      "holding codes needs one step and an action as the call (its answer says held or closed)",
    );
  });
});
