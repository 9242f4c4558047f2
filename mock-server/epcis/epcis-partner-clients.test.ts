// Partner clients of the EPCIS interface (docs/decisions/0024): a key issued in the console admits
// its client's calls with `Authorization: Bearer`, through the same permission check as a session;
// a key never issued, replaced by a newer one, revoked, or of a disabled client is a 401
// SecurityException problem; a client without epciscapture is refused capture (403); only the
// key's SHA-256 is stored; a dealer's client must name its dealer.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../test-fixtures/chain-app";
import { epcisDocument, observed } from "../test-fixtures/epcis-partner";
import { clientPaths, issueKey, partnerClient, type IssuedClient } from "../test-fixtures/partner-client";

let chain: ChainApp;
let auditor: IssuedClient;

const events = (key: string, headers: Record<string, string> = {}) =>
  chain.app.inject({ method: "GET", url: "/epcis/events", headers: { authorization: `Bearer ${key}`, ...headers } });

async function refusedWith(key: string, status: number, detail: RegExp) {
  const response = await events(key);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(response.json()).toMatchObject({ type: "epcisException:SecurityException", status });
  expect(response.json<{ detail: string }>().detail).toMatch(detail);
}

beforeAll(async () => {
  chain = await chainApp();
  auditor = await partnerClient(chain, "auditor-one", { kind: "auditor" });
}, 120_000);
afterAll(() => chain.app.close());

describe("a partner client's key", () => {
  it("is shown once, stored only as its SHA-256, and admits its client's queries", async () => {
    expect(auditor.key).toMatch(/^tck_[A-Za-z0-9_-]{43}$/);
    const stored = await chain.all(`SELECT key_hash FROM _partner_keys WHERE client_id = ?`, [auditor.id]);
    expect(stored).toEqual([{ key_hash: createHash("sha256").update(auditor.key).digest("hex") }]);
    const detail = await chain.get("/api/org/partnerclients/detail", { id: String(auditor.id) });
    expect(JSON.stringify(detail.data)).not.toContain(auditor.key);
    expect(detail.data).toMatchObject({ key_hint: auditor.key.slice(0, 10) });

    const response = await events(auditor.key);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ type: string }>().type).toBe("EPCISQueryDocument");
    const used = await chain.get("/api/org/partnerclients/detail", { id: String(auditor.id) });
    expect((used.data as { last_used_at: string | null }).last_used_at).not.toBeNull();
  });

  it("a key never issued, or no key in the Authorization header, is a 401", async () => {
    await refusedWith(`tck_${"A".repeat(43)}`, 401, /not valid/);
    await refusedWith("short", 401, /not valid/);
    const basic = await chain.app.inject({
      method: "GET",
      url: "/epcis/events",
      headers: { authorization: "Basic dXNlcjpwYXNz" },
    });
    expect(basic.statusCode).toBe(401);
    expect(basic.json<{ detail: string }>().detail).toMatch(/Bearer/);
  });

  it("a key replaced by a new one stops at once; the new one works", async () => {
    const client = await partnerClient(chain, "rotating", { kind: "logistics" });
    const next = await issueKey(chain, client.id);
    expect(next).not.toBe(client.key);
    await refusedWith(client.key, 401, /not valid/);
    expect((await events(next)).statusCode).toBe(200);
  });

  it("a revoked key, and the key of a disabled client, are 401", async () => {
    const revoked = await partnerClient(chain, "revoked", { kind: "regulator" });
    expect((await chain.post(clientPaths.revokeKey, { id: revoked.id })).code).toBe(0);
    await refusedWith(revoked.key, 401, /not valid/);

    const disabled = await partnerClient(chain, "disabled", { kind: "regulator" });
    expect((await chain.post(clientPaths.disable, { id: disabled.id })).code).toBe(0);
    await refusedWith(disabled.key, 401, /disabled/);
    expect((await chain.post(clientPaths.enable, { id: disabled.id })).code).toBe(0);
    expect((await events(disabled.key)).statusCode).toBe(200);
  });

  it("admits only what the client's permissions hold: no epciscapture, no capture (403)", async () => {
    const response = await chain.app.inject({
      method: "POST",
      url: "/epcis/capture",
      headers: { authorization: `Bearer ${auditor.key}`, "content-type": "application/ld+json" },
      payload: JSON.stringify(
        epcisDocument([observed("receiving", ["urn:epc:id:sgtin:0614141.107346.2018"], "2024-06-01T08:00:00Z")]),
      ),
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ type: "epcisException:SecurityException", status: 403 });
    expect(response.json<{ detail: string }>().detail).toMatch(/epciscapture/);

    const silent = await partnerClient(chain, "no-query", { kind: "auditor", query: false });
    const refused = await events(silent.key);
    expect(refused.statusCode).toBe(403);
  });

  it("opens the EPCIS interface only: a key is no session for the console's own calls", async () => {
    const response = await chain.app.inject({
      method: "GET",
      url: "/api/org/partnerclients/pagelist",
      headers: { authorization: `Bearer ${auditor.key}` },
    });
    expect(response.json<{ code: number }>().code).not.toBe(0);
  });
});

describe("the EPCIS routes × a client's permissions", () => {
  // Every kind of EPCIS route, with the permission its access declares: a client holding only that
  // permission passes the check (whatever the call then answers), one holding only another is refused.
  const ROUTES = [
    { method: "GET", url: "/epcis/events", needs: "query" },
    { method: "GET", url: "/epcis/eventTypes", needs: "query" },
    { method: "GET", url: "/epcis/epcs", needs: "query" },
    { method: "GET", url: "/epcis/queries", needs: "query" },
    { method: "GET", url: "/epcis/queries/none/events", needs: "query" },
    { method: "POST", url: "/epcis/capture", needs: "capture" },
    { method: "GET", url: "/epcis/capture/none", needs: "capture" },
    { method: "GET", url: "/epcis/queries/none/subscriptions", needs: "subscribe" },
  ] as const;
  const FLAGS = ["query", "capture", "subscribe"] as const;

  it("admits a client exactly when it holds the route's permission", async () => {
    const keys = new Map<string, string>();
    for (const flag of FLAGS)
      keys.set(
        flag,
        (
          await partnerClient(chain, `only-${flag}`, {
            kind: "regulator",
            query: flag === "query",
            capture: flag === "capture",
            subscribe: flag === "subscribe",
          })
        ).key,
      );
    for (const route of ROUTES)
      for (const flag of FLAGS) {
        const response = await chain.app.inject({
          method: route.method,
          url: route.url,
          headers: { authorization: `Bearer ${keys.get(flag)}`, "content-type": "application/json" },
          ...(route.method === "POST" ? { payload: "{}" } : {}),
        });
        const label = `${route.method} ${route.url} as a client holding ${flag}: ${response.body}`;
        if (flag === route.needs) expect([401, 403], label).not.toContain(response.statusCode);
        else expect(response.statusCode, label).toBe(403);
      }
  });
});

describe("a partner client's record", () => {
  it("a dealer's client names its dealer; no other kind acts for one", async () => {
    const missing = await chain.post(clientPaths.add, { client_name: "no-dealer", kind: "dealer", status: "enabled" });
    expect(missing.code).not.toBe(0);
    expect(missing.message).toMatch(/choose the dealer/);
    const dealer = (await chain.all(`SELECT id FROM dealers ORDER BY id LIMIT 1`))[0].id as number;
    const stray = await chain.post(clientPaths.add, {
      client_name: "stray",
      kind: "auditor",
      dealer_id: dealer,
      status: "enabled",
    });
    expect(stray.code).not.toBe(0);
    expect(stray.message).toMatch(/only a dealer's client/);
  });

  it("a deleted client's key goes with it", async () => {
    const gone = await partnerClient(chain, "deleted", { kind: "auditor" });
    expect((await chain.post("/api/org/partnerclients/delete", { id: gone.id })).code).toBe(0);
    expect(await chain.all(`SELECT 1 FROM _partner_keys WHERE client_id = ?`, [gone.id])).toEqual([]);
    await refusedWith(gone.key, 401, /not valid/);
  });
});
