// Server-side render of every screen inside <Refine> and a router (no DOM): catches crashes in
// render paths and shows the permission guard and the translated strings reach the markup.
import { Refine, type DataProvider } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import i18next from "i18next";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { CreateScreen } from "./CreateScreen";
import { EditScreen } from "./EditScreen";
import { FormScreen } from "./FormScreen";
import { ListScreen } from "./ListScreen";
import { QueryScreen } from "./QueryScreen";
import { ReportScreen } from "./ReportScreen";
import { RecordActions } from "./RecordActions";
import { RowActions } from "./RowActions";
import { fixtureConfig } from "../../test-support/screen-fixture";
import { SCREEN_LOCALES } from "../../test-support/screens-translator";
import { ShowScreen } from "./ShowScreen";
import { TreeScreen } from "./TreeScreen";

const granted = new Set(["fx_add", "fx_edit", "fx_export", "fx_close", "fx_purge"]);
vi.mock("../../permission/Permission", () => ({
  Permission: ({ codes, children }: { codes: string[]; children: ReactNode }) =>
    codes.some((code) => granted.has(code)) ? children : null,
}));

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ lng: "zh", resources: { zh: { translation: SCREEN_LOCALES.zh } }, interpolation: { escapeValue: false } });
});

const neverCalled = () => Promise.reject(new Error("no data in a server render"));
const dataProvider: DataProvider = {
  getApiUrl: () => "",
  getList: neverCalled,
  getOne: neverCalled,
  create: neverCalled,
  update: neverCalled,
  deleteOne: neverCalled,
  custom: neverCalled,
};

function render(path: string, route: string, screen: ReactNode): string {
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Refine
          dataProvider={dataProvider}
          routerProvider={routerProvider}
          resources={[
            {
              name: "fixtures",
              list: "/fixtures",
              create: "/fixtures/create",
              edit: "/fixtures/edit/:id",
              show: "/fixtures/show/:id",
            },
          ]}
          options={{ disableTelemetry: true }}
        >
          <Routes>
            <Route path={route} element={screen} />
          </Routes>
        </Refine>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe("screens render", () => {
  it("list: filters, granted buttons only, column headers", () => {
    const html = render("/fixtures", "/fixtures", <ListScreen config={fixtureConfig} />);
    expect(html).toContain("fixture.title");
    expect(html).toContain("fixture.add");
    expect(html).toContain("fixture.export");
    expect(html).toContain("fixture.purge");
    expect(html).toContain("查询");
    expect(html).toContain("fixture.made_on");
  });

  // Edit and delete are row buttons, and a server render has no rows: one row's actions show them.
  it("list row: granted buttons only, the ungranted fx_delete is absent", () => {
    const row = () =>
      render(
        "/fixtures",
        "/fixtures",
        <RowActions config={fixtureConfig} record={{ id: 7, status: "open" }} readOnly={false} />,
      );
    const html = row();
    expect(html).toContain("fixture.edit");
    expect(html).toContain("fixture.close");
    expect(html).not.toContain("fixture.delete");
    // The same row with fx_delete granted does show it, so the absence above is the guard's doing.
    granted.add("fx_delete");
    try {
      expect(row()).toContain("fixture.delete");
    } finally {
      granted.delete("fx_delete");
    }
  });

  it("a record's actions (the show screen's): those that apply to it, behind their permission codes", () => {
    const actions = (status: string) =>
      render(
        "/fixtures/show/7",
        "/fixtures/show/:id",
        <RecordActions config={fixtureConfig} record={{ id: 7, status }} id={7} />,
      );
    expect(actions("open")).toContain("fixture.close");
    // close applies to open records only (its when), and purge acts on the collection.
    expect(actions("closed")).not.toContain("fixture.close");
    expect(actions("open")).not.toContain("fixture.purge");
    granted.delete("fx_close");
    try {
      expect(actions("open")).not.toContain("fixture.close");
    } finally {
      granted.add("fx_close");
    }
  });

  it("query: no create button", () => {
    const html = render("/fixtures", "/fixtures", <QueryScreen config={fixtureConfig} />);
    expect(html).not.toContain("fixture.add");
    expect(html).toContain("fixture.export");
  });

  it("create and edit: every form widget", () => {
    const create = render("/fixtures/create", "/fixtures/create", <CreateScreen config={fixtureConfig} />);
    for (const name of [
      "name",
      "note",
      "qty",
      "enabled",
      "status",
      "brand_id",
      "made_on",
      "checked_at",
      "area",
      "photo",
      "secret",
      "tint",
    ]) {
      expect(create, name).toContain(`fixture.${name}`);
    }
    expect(create).toContain("保存");
    expect(render("/fixtures/edit/3", "/fixtures/edit/:id", <EditScreen config={fixtureConfig} />)).toContain("编辑");
  });

  it("create: a narrowed reference (x-ref-where) waits, disabled, naming the field it is narrowed by", () => {
    const create = render("/fixtures/create", "/fixtures/create", <CreateScreen config={fixtureConfig} />);
    const item = create.slice(create.indexOf("fixture.model_id"));
    expect(item.slice(0, item.indexOf("ant-form-item-label", 1))).toMatch(
      /ant-select-disabled[\s\S]*请先选择fixture\.brand_id/,
    );
    // As a list filter it stays unnarrowed: nothing to wait for.
    const list = render("/fixtures", "/fixtures", <ListScreen config={fixtureConfig} />);
    expect(list).toContain("fixture.model_id");
    expect(list).not.toContain("请先选择");
  });

  it("show, form, tree and report", () => {
    expect(render("/fixtures/show/3", "/fixtures/show/:id", <ShowScreen config={fixtureConfig} />)).toContain("详情");
    expect(render("/fixtures", "/fixtures", <FormScreen config={fixtureConfig} />)).toContain("保存");
    expect(render("/fixtures", "/fixtures", <TreeScreen config={fixtureConfig} />)).toContain("请在左侧选择一个节点");
    const report = render("/fixtures", "/fixtures", <ReportScreen config={fixtureConfig} />);
    expect(report).toContain("日期范围");
    expect(report).toContain("fixture.orders");
  });
});
