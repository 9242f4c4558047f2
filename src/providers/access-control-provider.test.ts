import { afterEach, describe, expect, it, vi } from "vitest";
import { refineResources } from "../generated/resources.gen";
import { EMPTY_USER, userStore } from "../state/user-store";
import { accessControlProvider, decide } from "./access-control-provider";

const withRoles = (roles: string[]) => userStore.set({ ...EMPTY_USER, roles });

describe("spec §6 refine access control", () => {
  afterEach(() => {
    userStore.set(EMPTY_USER);
    vi.restoreAllMocks();
  });

  it("decides a button by its permission code alone", () => {
    expect(decide(["productlist", "productlist_add"], { action: "create", params: { code: "productlist_add" } })).toBe(
      true,
    );
    expect(decide(["productlist"], { action: "delete", params: { code: "productlist_delete" } })).toBe(false);
    expect(decide(["admin"], { action: "delete", params: { code: "productlist_delete" } })).toBe(true);
  });

  it("decides a resource by the roles in its meta, or the generated resource's", () => {
    expect(decide(["store"], { action: "list", params: { resource: { meta: { roles: ["store"] } } } })).toBe(true);
    expect(decide(["store"], { action: "list", params: { resource: { meta: { roles: ["dealer"] } } } })).toBe(false);
    const guarded = refineResources.find((r) => ((r.meta?.roles as string[]) ?? []).length > 0)!;
    const role = (guarded.meta!.roles as string[])[0];
    expect(decide([role], { resource: guarded.name, action: "list" })).toBe(true);
    expect(decide(["nothing"], { resource: guarded.name, action: "list" })).toBe(false);
  });

  it("lets everyone signed in reach what has no roles", () => {
    expect(decide(["store"], { action: "list", params: { resource: { meta: { roles: [] } } } })).toBe(true);
    expect(decide(["store"], { resource: "unknown-resource", action: "list" })).toBe(true);
  });

  it("reads the signed-in roles", async () => {
    withRoles(["store"]);
    await expect(
      accessControlProvider.can({ resource: "store", action: "list", params: { code: "store_add" } }),
    ).resolves.toEqual({
      can: false,
      reason: "Forbidden",
    });
    withRoles(["admin"]);
    await expect(accessControlProvider.can({ action: "delete", params: { code: "store_delete" } })).resolves.toEqual({
      can: true,
    });
  });
});
