// Seeded stamped columns look like the server's own stamps: seeded account names, the row's own
// creation time, action stamps only where the action could have run, and never in the future.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { Catalog } from "../resources/catalog";
import { locateOrgResources } from "../org/org-resources";
import { stampContract } from "../test-fixtures/stamp-contract.fixture";
import { ANCHOR, fixtureApp } from "../test-fixtures/test-app";
import { seedOrder } from "./seed-database";

let app: FastifyInstance;
const rows = async (table: string) =>
  await app.consoleContext.store.all<Record<string, unknown>>(`SELECT * FROM "${table}" ORDER BY id`);
const endOfAnchorDay = `${ANCHOR}T23:59:59Z`;

beforeAll(async () => {
  ({ app } = await fixtureApp({ contract: stampContract }));
});
afterAll(() => app.close());

describe("seeded stamps", () => {
  it("seeds the accounts before the tables whose stamps name them", () => {
    const catalog = new Catalog(stampContract);
    const order = seedOrder(catalog.entities, locateOrgResources(catalog).accounts).map((info) => info.resource.name);
    expect(order.indexOf("employees")).toBeLessThan(order.indexOf("code_unlinks"));
    expect(order.indexOf("employees")).toBeLessThan(order.indexOf("code_orders"));
  });

  it("an account stamp names a seeded account; a create stamp is the row's own creation time, in the past", async () => {
    const accounts = new Set((await rows("employees")).map((row) => row.account_name));
    const unlinks = await rows("code_unlinks");
    expect(unlinks).toHaveLength(12);
    for (const row of unlinks) {
      expect(accounts.has(row.operator), String(row.operator)).toBe(true);
      expect(row.unlinked_at).toBe(row.created_at);
      expect(String(row.unlinked_at) <= endOfAnchorDay).toBe(true);
    }
  });

  it("an action stamp is there only where the action's set matches, and not before the row was made", async () => {
    const orders = await rows("code_orders");
    expect(new Set(orders.map((row) => row.submitted_by === null)).size, "some rows stamped, some not").toBe(2);
    const stamped = (status: string, field: string) =>
      orders.every((row) => (row.status === status ? row[field] !== null : row[field] === null));
    expect(stamped("submitted", "submitted_by")).toBe(true);
    expect(stamped("submitted", "submitted_at")).toBe(true);
    expect(stamped("generated", "generated_at")).toBe(true);
    expect(stamped("closed", "closed_at")).toBe(true);
    const accounts = new Set((await rows("employees")).map((row) => row.account_name));
    for (const row of orders) {
      if (row.submitted_by !== null) expect(accounts.has(row.submitted_by)).toBe(true);
      for (const field of ["submitted_at", "generated_at", "closed_at"]) {
        const value = row[field] as string | null;
        if (value === null) continue;
        expect(value >= String(row.created_at), `${field} ${value} before created_at ${String(row.created_at)}`).toBe(
          true,
        );
        expect(value <= String(row.updated_at)).toBe(true);
        expect(value <= endOfAnchorDay).toBe(true);
      }
    }
  });
});
