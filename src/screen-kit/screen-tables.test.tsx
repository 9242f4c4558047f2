import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ScreenConfig } from "../../schema/contract/screen-config";
import { ScreenTablesContext, useScreenConfig } from "./screen-tables";

const roles = { resource: "rolemanage", titleKey: "resource.roles.title" } as ScreenConfig;

function Title({ resource }: { readonly resource: string }) {
  return <b>{useScreenConfig(resource).titleKey}</b>;
}

describe("useScreenConfig", () => {
  it("reads a config from the tables the host gives, by the manifest's resource name", () => {
    const html = renderToString(
      <ScreenTablesContext.Provider value={{ configs: { roles } }}>
        <Title resource="roles" />
      </ScreenTablesContext.Provider>,
    );
    expect(html).toBe("<b>resource.roles.title</b>");
  });

  it("names the resource the tables lack, and outside a host there are none", () => {
    expect(() => renderToString(<Title resource="roles" />)).toThrow('"roles"');
  });
});
