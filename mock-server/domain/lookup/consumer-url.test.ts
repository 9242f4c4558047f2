// A code's consumer URL is formed on the configured public origin (AppOptions.publicOrigin, from
// PUBLIC_ORIGIN): 码查询, 信息查询 and a batch download agree, two servers configured differently
// answer differently, the request's Host header changes nothing, and a rule's own scan domain wins.
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { call, login } from "../../test-fixtures/test-app";

const ORIGINS = ["http://192.168.1.20:3000", "https://trace.example.com"] as const;
const servers: { origin: string; chain: ChainApp; token: string }[] = [];

beforeAll(async () => {
  for (const origin of ORIGINS) {
    // A trailing slash is how an operator may well write it; the URLs never get a double slash.
    const chain = await chainApp({ publicOrigin: `${origin}/` });
    servers.push({ origin, chain, token: await login(chain.app, "admin") });
  }
}, 120_000);
afterAll(() => Promise.all(servers.map(({ chain }) => chain.app.close())));

async function urlOf({ chain, token }: (typeof servers)[number], path: string, code: string, host?: string) {
  const response = await chain.app.inject({
    method: "GET",
    url: path,
    query: { code },
    headers: { token, ...(host ? { host } : {}) },
  });
  const { data } = response.json<{ data: { url?: string; detail?: { url: string } } }>();
  return data.url ?? data.detail?.url;
}

async function downloadedUrl({ chain, token }: (typeof servers)[number], batchId: number): Promise<string> {
  const response = await call(chain.app, {
    url: "/api/tagging/codebatches/download",
    query: { id: String(batchId) },
    token,
  });
  const rows: string[][] = parse(response.rawPayload, { bom: true });
  return rows[1][2];
}

describe("a code's consumer URL on the public origin", () => {
  it("码查询, 信息查询 and the batch download give the configured origin's /m/q/ link, whatever Host the request names", async () => {
    for (const server of servers) {
      const { batchId, codes } = await server.chain.generated("item", 1);
      const want = `${server.origin}/m/q/${codes[0]}`;
      expect(await urlOf(server, "/api/tagging/tracecodes/lookup", codes[0])).toBe(want);
      expect(await urlOf(server, "/api/tagging/tracecodes/lookup", codes[0], "attacker.example:8443")).toBe(want);
      expect(await urlOf(server, "/api/inspect/codetraces/lookup", codes[0])).toBe(want);
      expect(await downloadedUrl(server, batchId)).toBe(want);
    }
  });

  it("a seeded code's rule follows the origin too, so the demo data agrees with the server it runs on", async () => {
    for (const server of servers) {
      const [seeded] = await server.chain.all(
        `SELECT code FROM trace_codes WHERE order_id IS NOT NULL AND code_type = 'item' ORDER BY id LIMIT 1`,
      );
      expect(await urlOf(server, "/api/tagging/tracecodes/lookup", seeded.code as string)).toBe(
        `${server.origin}/m/q/${seeded.code as string}`,
      );
    }
  });

  it("a rule with its own scan domain keeps it; {host} is the public origin's host under the rule's own scheme", async () => {
    const [server] = servers;
    const { batchId, codes } = await server.chain.generated("item", 1);
    const ruleId = (await server.chain.all(`SELECT rule_id FROM code_batches WHERE id = ?`, [batchId]))[0]
      .rule_id as number;
    const setTemplate = async (template: string) =>
      await server.chain.app.consoleContext.store.run(`UPDATE code_rules SET url_template = ? WHERE id = ?`, [
        template,
        ruleId,
      ]);
    await setTemplate("https://scan.example.cn/q/{code}");
    expect(await urlOf(server, "/api/tagging/tracecodes/lookup", codes[0])).toBe(
      `https://scan.example.cn/q/${codes[0]}`,
    );
    await setTemplate("https://{host}/verify/{code}");
    expect(await urlOf(server, "/api/tagging/tracecodes/lookup", codes[0])).toBe(
      `https://192.168.1.20:3000/verify/${codes[0]}`,
    );
  });

  it("a new rule's template defaults to the origin's scan page, and a template on no http(s) origin is refused", async () => {
    const [server] = servers;
    const added = await server.chain.post("/api/tagging/coderules/add", {
      rule_code: "ORIGIN-1",
      rule_name: "默认链接规则",
      code_type: "item",
      kind: "segments",
      length: 20,
      charset: "alphanumeric",
      segments: "level + random:18 + check",
      status: "enabled",
    });
    expect(added.code).toBe(0);
    expect(
      (
        await server.chain.all(`SELECT url_template FROM code_rules WHERE id = ?`, [(added.data as { id: number }).id])
      )[0],
    ).toEqual({ url_template: "{origin}/m/q/{code}" });
    const refused = await server.chain.post("/api/tagging/coderules/add", {
      rule_code: "ORIGIN-2",
      rule_name: "错误链接规则",
      code_type: "item",
      kind: "segments",
      length: 20,
      charset: "alphanumeric",
      segments: "level + random:18 + check",
      url_template: "{origin}{code}",
      status: "enabled",
    });
    expect(refused.status_code).toBe(400);
    expect(refused.message).toContain("url_template");
  });
});
