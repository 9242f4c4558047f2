import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EMPTY_USER, userStore } from "../state/user-store";
import { useCan } from "./use-can";

const as = (roles: readonly string[] | null) => userStore.set({ ...EMPTY_USER, roles });

function Probe({ required }: { readonly required: readonly string[] | undefined }) {
  const can = useCan();
  return <b>{String(can(required))}</b>;
}
const ask = (required: readonly string[] | undefined) => renderToStaticMarkup(<Probe required={required} />);

afterEach(() => {
  userStore.set(EMPTY_USER);
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
