import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RolesContext } from "./roles-context";
import { useCan } from "./use-can";

// The roles the shell would give from its user store.
let signedInRoles: readonly string[] | null = null;
const as = (roles: readonly string[] | null) => (signedInRoles = roles);

function Probe({ required }: { readonly required: readonly string[] | undefined }) {
  const can = useCan();
  return <b>{String(can(required))}</b>;
}
const ask = (required: readonly string[] | undefined) =>
  renderToStaticMarkup(
    <RolesContext.Provider value={signedInRoles}>
      <Probe required={required} />
    </RolesContext.Provider>,
  );

afterEach(() => {
  signedInRoles = null;
  vi.restoreAllMocks();
});

describe("spec §6 useCan", () => {
  it("answers for the signed-in roles: one of the listed codes is enough", () => {
    as(["menu_edit", "roles"]);
    expect(ask(["menu_edit"])).toBe("<b>true</b>");
    expect(ask(["menu_delete", "roles"])).toBe("<b>true</b>");
    expect(ask(["menu_delete"])).toBe("<b>false</b>");
  });

  it("lets admin do anything and nobody do anything before the roles have loaded", () => {
    as(["admin"]);
    expect(ask(["menu_delete"])).toBe("<b>true</b>");
    as(null);
    expect(ask(["menu_delete"])).toBe("<b>false</b>");
  });

  it("denies and logs 'need roles!' when asked about nothing, as checkPermission does", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    as(["admin"]);
    expect(ask(undefined)).toBe("<b>false</b>");
    expect(error).toHaveBeenCalledWith("need roles!");
  });
});
