import type { ResourceProps } from "@refinedev/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAccessControlProvider, decide } from "./access-control-provider";

// The resources and the signed-in roles the shell would give from its stores.
const resources: ResourceProps[] = [
  { name: "storelist", meta: { roles: ["store"] } },
  { name: "dashboard", meta: {} },
];
let signedInRoles: readonly string[] = [];
const withRoles = (roles: string[]) => (signedInRoles = roles);
const accessControlProvider = createAccessControlProvider({
  getRoles: () => signedInRoles,
  getResources: () => resources,
});
const rolesOf = (name: string) => resources.find((r) => r.name === name)?.meta?.roles as string[] | undefined;

describe("spec §6 refine access control", () => {
  afterEach(() => {
    signedInRoles = [];
    vi.restoreAllMocks();
  });

  it("decides a button by its permission code alone", () => {
    expect(decide(["productlist", "productlist_add"], { action: "create", params: { code: "productlist_add" } })).toBe(
      true,
    );
    expect(decide(["productlist"], { action: "delete", params: { code: "productlist_delete" } })).toBe(false);
    expect(decide(["admin"], { action: "delete", params: { code: "productlist_delete" } })).toBe(true);
  });

  it("decides a resource by the roles in its meta, or the console's resource's", () => {
    expect(decide(["store"], { action: "list", params: { resource: { meta: { roles: ["store"] } } } })).toBe(true);
    expect(decide(["store"], { action: "list", params: { resource: { meta: { roles: ["dealer"] } } } })).toBe(false);
    const guarded = resources.find((r) => ((r.meta?.roles as string[]) ?? []).length > 0)!;
    const role = (guarded.meta!.roles as string[])[0];
    expect(decide([role], { resource: guarded.name, action: "list" }, rolesOf)).toBe(true);
    expect(decide(["nothing"], { resource: guarded.name, action: "list" }, rolesOf)).toBe(false);
  });

  it("lets everyone signed in reach what has no roles", () => {
    expect(decide(["store"], { action: "list", params: { resource: { meta: { roles: [] } } } })).toBe(true);
    expect(decide(["store"], { resource: "unknown-resource", action: "list" }, rolesOf)).toBe(true);
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

  it("reads the resources' roles from the list the shell shows now", async () => {
    withRoles(["dealer"]);
    await expect(accessControlProvider.can({ resource: "storelist", action: "list" })).resolves.toMatchObject({
      can: false,
    });
    await expect(accessControlProvider.can({ resource: "dashboard", action: "list" })).resolves.toEqual({ can: true });
  });
});
