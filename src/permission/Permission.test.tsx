import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RolesContext } from "./roles-context";
import { Permission } from "./Permission";

// The roles the shell would give from its user store.
let signedInRoles: readonly string[] | null = null;
const as = (roles: readonly string[] | null) => (signedInRoles = roles);
const render = (codes: readonly string[]) =>
  renderToStaticMarkup(
    <RolesContext.Provider value={signedInRoles}>
      <Permission codes={codes} fallback={<i>none</i>}>
        <b>guarded</b>
      </Permission>
    </RolesContext.Provider>,
  );

afterEach(() => {
  signedInRoles = null;
  vi.restoreAllMocks();
});

describe("spec §6 <Permission> element guard", () => {
  it("keeps the element for a user holding one of the listed roles or codes", () => {
    as(["productlist", "productlist_add"]);
    expect(render(["productlist_add", "productlist_delete"])).toBe("<b>guarded</b>");
  });
  it("removes it for a user holding none of them", () => {
    as(["productlist"]);
    expect(render(["productlist_delete"])).toBe("<i>none</i>");
    as(null);
    expect(render(["productlist"])).toBe("<i>none</i>");
  });
  it("keeps it for admin whatever the list", () => {
    as(["admin"]);
    expect(render(["anything"])).toBe("<b>guarded</b>");
  });
  it("removes it and logs 'need roles!' for an empty list, even for admin", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    as(["admin"]);
    expect(render([])).toBe("<i>none</i>");
    expect(error).toHaveBeenCalledWith("need roles!");
  });
});
