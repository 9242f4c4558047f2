// A refusal is shown in the console's language from its key, the field named by
// its label, and every call tells the server the console's language.
import i18next from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { request } from "./http-client";
import { registerServerMessages } from "./server-messages";
import { serverMessageRenderer } from "../i18n/server-message-labels";

vi.mock("./session-cookies", () => ({ getToken: () => "t" }));

async function consoleIn(language: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: {
      [language]: {
        translation: {
          resource: { warehouses: { title: "仓库", fields: { warehouse_name: "仓库名称" } } },
          field: { id: "编号" },
        },
      },
    },
  });
  registerServerMessages(serverMessageRenderer(i18n));
}

function refusal(body: Record<string, unknown>) {
  const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() =>
    Promise.resolve(
      new Response(JSON.stringify({ status_code: 400, code: 40000, data: null, ...body }), { status: 400 }),
    ),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe("a refusal in the console's language", () => {
  it("renders the key with the field's label from the screen's resource, and each field's rule for the form", async () => {
    await consoleIn("zh");
    const fetch = refusal({
      message: "warehouse_name: must have at most 20 characters",
      key: "common.rule.maxLength",
      params: { limit: 20 },
      field: "warehouse_name",
      errors: { warehouse_name: "must have at most 20 characters" },
      error_keys: { warehouse_name: { key: "common.rule.maxLength", params: { limit: 20 } } },
    });
    const error = await request({
      method: "POST",
      path: "/api/base/warehouses/add",
      body: {},
      resource: "warehouses",
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: "仓库名称: 最多 20 个字符", errors: { warehouse_name: "最多 20 个字符" } });
    expect((fetch.mock.calls[0][1].headers as Record<string, string>)["Accept-Language"]).toBe("zh");
  });

  it("names a resource parameter by its title, and a field outside the resource by the shared label or its name", async () => {
    await consoleIn("zh");
    refusal({
      message: "warehouses 3 does not exist",
      key: "common.recordMissing",
      params: { resource: "warehouses", id: "3" },
    });
    expect(await request({ method: "GET", path: "/x" }).catch((e: Error) => e.message)).toBe("仓库 3 不存在");
    refusal({ message: "id: is required", key: "common.rule.required", field: "id" });
    expect(await request({ method: "GET", path: "/x" }).catch((e: Error) => e.message)).toBe("编号: 不能为空");
  });

  it("shows the server's own message for a key this console does not know", async () => {
    await consoleIn("es");
    refusal({ message: "algo nuevo", key: "codes.notYetInThisBuild" });
    expect(await request({ method: "GET", path: "/x" }).catch((e: Error) => e.message)).toBe("algo nuevo");
  });
});
