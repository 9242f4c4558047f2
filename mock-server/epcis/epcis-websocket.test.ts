// WebSocket subscriptions (GET /epcis/queries/{name}/events?stream=true with Upgrade: websocket), on
// the engine TEST_ENGINE names: a client that connected receives a shipping event made after it
// connected once, as an EPCISQueryDocument naming the query, and not a receiving event the query
// does not match; an event a second app on the same database writes reaches it too (the stream
// reads the ledger, not this process's memory); the upgrade needs a session like every EPCIS call,
// stream=true and a proper handshake, and a refusal is an HTTP problem answer, not a 101. Deleting
// the query closes its streams with a close frame naming it, in this process at once and in another
// at its next round, and nothing more is pushed. Every test closes its sockets whatever it finds.
import { request as httpRequest, type IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { contract } from "../generated/contract.gen";
import { plantEvent } from "../test-fixtures/planted-events";
import type { EventKind } from "../domain/ledger/event-vocabulary";
import { testDatabase, testEngine } from "../test-fixtures/test-database";
import { login } from "../test-fixtures/test-app";
import { partnerClient } from "../test-fixtures/partner-client";
import { partnerAccount } from "../test-fixtures/epcis-partner";
import { EPCIS_PERMISSION } from "./epcis-routes";
import { acceptKeyOf, FrameReader, OPCODE } from "./websocket-frames";

type Delivered = {
  type: string;
  epcisBody: {
    queryResults: { queryName: string; resultsBody: { eventList: { eventID: string; bizStep: string }[] } };
  };
};

let dbFile: string;
let app: FastifyInstance;
let other: FastifyInstance;
let port: number;
let token: string;
let code: string;

const open = async () =>
  await buildApp({
    contract,
    dbFile,
    seedAnchor: "2024-06-01",
    seedScale: 0.05,
    clock: () => Date.parse("2024-06-01T08:00:00Z"),
    docs: false,
    subscriptionPollMs: 0,
  });

async function append(on: FastifyInstance, kind: EventKind, codes: readonly string[] = [code]): Promise<string> {
  const ctx = on.consoleContext;
  const id = await plantEvent(ctx, { kind, codes: [...codes], operator: "admin" });
  return (await ctx.store.get<{ event_hash: string }>(`SELECT event_hash FROM _ledger_events WHERE id = ?`, [id]))!
    .event_hash;
}

interface Client {
  readonly messages: Delivered[];
  /** The close frames the server sent: status and reason. */
  readonly closes: { status: number; reason: string }[];
  readonly socket: Socket;
}

/** Asks to upgrade `path`; the client once the server switches, or the HTTP answer it gave instead. */
function connect(
  path: string,
  headers: Record<string, string>,
): Promise<{ client?: Client; refused?: { status: number; body: string } }> {
  const key = randomBytes(16).toString("base64");
  return new Promise((resolve, reject) => {
    const asked = httpRequest({
      host: "127.0.0.1",
      port,
      path,
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": key,
        ...headers,
      },
    });
    asked.on("upgrade", (response: IncomingMessage, socket: Socket) => {
      expect(response.headers["sec-websocket-accept"]).toBe(acceptKeyOf(key));
      const reader = new FrameReader(false);
      const messages: Delivered[] = [];
      const closes: Client["closes"] = [];
      socket.on("data", (chunk: Buffer) => {
        for (const frame of reader.push(chunk))
          if (frame.opcode === OPCODE.text) messages.push(JSON.parse(frame.payload.toString("utf8")) as Delivered);
          else if (frame.opcode === OPCODE.close)
            closes.push({ status: frame.payload.readUInt16BE(0), reason: frame.payload.subarray(2).toString("utf8") });
      });
      resolve({ client: { messages, closes, socket } });
    });
    asked.on("response", (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      response.on("end", () => resolve({ refused: { status: response.statusCode!, body } }));
    });
    asked.on("error", reject);
    asked.end();
  });
}

/** Pushes rounds until `client` holds `count` messages (or a few rounds have passed). */
async function rounds(client: Client, count: number): Promise<void> {
  for (let round = 0; round < 40 && client.messages.length < count; round += 1) {
    await app.eventStreams.push();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits (a few rounds at most) until `client` has been sent a close frame. */
async function closeOf(client: Client, round: () => Promise<unknown> = () => Promise.resolve()) {
  for (let wait = 0; wait < 40 && !client.closes.length; wait += 1) {
    await round();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return client.closes[0];
}

/** Ends the client's socket and waits until the server has forgotten its stream. */
async function hangUp(client: Client | undefined): Promise<void> {
  client?.socket.destroy();
  for (let wait = 0; wait < 40 && app.eventStreams.size > 0; wait += 1)
    await new Promise((resolve) => setTimeout(resolve, 25));
}

async function makeQuery(on: FastifyInstance, name: string, query: Record<string, string>): Promise<void> {
  const made = await on.inject({ method: "POST", url: "/epcis/queries", headers: { token }, payload: { name, query } });
  expect(made.statusCode, made.body).toBe(201);
}

const deleteQuery = async (on: FastifyInstance, name: string) =>
  await on.inject({ method: "DELETE", url: `/epcis/queries/${name}`, headers: { token } });

const eventIds = (client: Client) =>
  client.messages.flatMap((message) => message.epcisBody.queryResults.resultsBody.eventList.map((e) => e.eventID));

beforeAll(async () => {
  dbFile =
    testEngine() === "sqlite" ? join(tmpdir(), `streams-${randomBytes(4).toString("hex")}.db`) : await testDatabase();
  app = await open();
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as { port: number }).port;
  other = await open();
  await other.ready();
  token = await login(app, "admin");
  code = (await app.consoleContext.store.get<{ code: string }>(`SELECT code FROM trace_codes ORDER BY id LIMIT 1`))!
    .code;
  const made = await app.inject({
    method: "POST",
    url: "/epcis/queries",
    headers: { token },
    payload: { name: "shipments", query: { EQ_bizStep: "shipping" } },
  });
  expect(made.statusCode, made.body).toBe(201);
}, 120_000);

afterAll(async () => {
  await other.close();
  await app.close();
  if (testEngine() === "sqlite") for (const suffix of ["", "-wal", "-shm"]) await rm(dbFile + suffix, { force: true });
});

/** Ships `theirs` then `ours`; the stream must carry only ours. The socket is closed either way. */
async function expectOnlyOurShipment(
  client: Awaited<ReturnType<typeof connect>>["client"],
  ours: string,
  theirs: string,
) {
  try {
    expect(client).toBeDefined();
    const theirEvent = await append(app, "ship", [theirs]);
    const ourEvent = await append(app, "ship", [ours]);
    await rounds(client!, 1);
    for (let round = 0; round < 3; round += 1) await app.eventStreams.push();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(eventIds(client!)).toEqual([ourEvent]);
    expect(eventIds(client!)).not.toContain(theirEvent);
  } finally {
    await hangUp(client);
  }
}

describe("WebSocket subscriptions", () => {
  it("push a shipping event made after the client connected, once; not an event the query does not match", async () => {
    const before = await append(app, "ship");
    const { client } = await connect("/epcis/queries/shipments/events?stream=true", { token });
    try {
      expect(client).toBeDefined();
      expect(app.eventStreams.size).toBe(1);
      const shipped = await append(app, "ship");
      await append(app, "receive");
      await rounds(client!, 1);
      // More rounds bring nothing more: the event came once.
      for (let round = 0; round < 3; round += 1) await app.eventStreams.push();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(eventIds(client!)).toEqual([shipped]);
      expect(eventIds(client!)).not.toContain(before);
      expect(client!.messages[0]).toMatchObject({
        type: "EPCISQueryDocument",
        epcisBody: { queryResults: { queryName: "shipments" } },
      });
      expect(client!.messages[0].epcisBody.queryResults.resultsBody.eventList[0].bizStep).toBe("shipping");

      // Another process's event reaches the same connection.
      const elsewhere = await append(other, "ship");
      await rounds(client!, 2);
      expect(eventIds(client!)).toEqual([shipped, elsewhere]);
    } finally {
      await hangUp(client);
    }
    expect(app.eventStreams.size).toBe(0);
  });

  it("a dealer's client streams only the events about codes shipped to its dealer, as when it polls", async () => {
    const store = app.consoleContext.store;
    const mine = await store.get<{ code: string; dealer_id: number }>(
      `SELECT code, dealer_id FROM trace_codes WHERE dealer_id IS NOT NULL ORDER BY id LIMIT 1`,
    );
    expect(mine).toBeDefined();
    const others = await store.get<{ code: string }>(
      `SELECT code FROM trace_codes WHERE dealer_id IS NULL OR dealer_id <> ? ORDER BY id LIMIT 1`,
      [mine!.dealer_id],
    );
    const post = async (url: string, payload: Record<string, unknown>) =>
      (await app.inject({ method: "POST", url, headers: { token }, payload })).json<{
        code: number;
        message: string;
        data: unknown;
      }>();
    const dealerClient = await partnerClient({ post } as never, "dealer stream", {
      kind: "dealer",
      dealerId: Number(mine!.dealer_id),
    });
    const { client } = await connect("/epcis/queries/shipments/events?stream=true", {
      authorization: `Bearer ${dealerClient.key}`,
    });
    await expectOnlyOurShipment(client, mine!.code, others!.code);
  });

  it("a staff account with a dealer_id streams only its dealer's events, as a dealer's client does", async () => {
    const store = app.consoleContext.store;
    const mine = await store.get<{ code: string; dealer_id: number }>(
      `SELECT code, dealer_id FROM trace_codes WHERE dealer_id IS NOT NULL ORDER BY id LIMIT 1`,
    );
    const others = await store.get<{ code: string }>(
      `SELECT code FROM trace_codes WHERE dealer_id IS NULL OR dealer_id <> ? ORDER BY id LIMIT 1`,
      [mine!.dealer_id],
    );
    const staff = await partnerAccount(app, token, "staff_stream", {
      accountType: "enterprise",
      dealerId: Number(mine!.dealer_id),
      menus: [EPCIS_PERMISSION],
    });
    const { client } = await connect("/epcis/queries/shipments/events?stream=true", { token: staff });
    await expectOnlyOurShipment(client, mine!.code, others!.code);
  });

  it.each([
    ["no session", "/epcis/queries/shipments/events?stream=true", "none", 403, "SecurityException"],
    ["no stream=true", "/epcis/queries/shipments/events", "token", 400, "SubscriptionControlsException"],
    ["stream=false", "/epcis/queries/shipments/events?stream=false", "token", 400, "SubscriptionControlsException"],
    [
      "another parameter",
      "/epcis/queries/shipments/events?stream=true&perPage=5",
      "token",
      400,
      "QueryParameterException",
    ],
    ["an unknown query", "/epcis/queries/nothing/events?stream=true", "token", 404, "NoSuchNameException"],
  ] as const)("%s is answered in HTTP, not switched", async (_case, path, auth, status, type) => {
    if (auth === "none") {
      // As the same GET without Upgrade is answered.
      const plain = await app.inject({ url: "/epcis/queries/shipments/events" });
      expect(plain.statusCode).toBe(status);
    }
    const { client, refused } = await connect(path, auth === "token" ? { token } : {});
    await hangUp(client);
    expect(client).toBeUndefined();
    expect(refused?.status).toBe(status);
    expect(JSON.parse(refused!.body)).toMatchObject({ type: `epcisException:${type}` });
    expect(app.eventStreams.size).toBe(0);
  });

  it("a handshake without its version is refused", async () => {
    const { client, refused } = await connect("/epcis/queries/shipments/events?stream=true", {
      token,
      "Sec-WebSocket-Version": "8",
    });
    await hangUp(client);
    expect(refused?.status).toBe(400);
    expect(JSON.parse(refused!.body)).toMatchObject({ type: "epcisException:QueryParameterException" });
  });

  it("deleting the query closes its streams with a close frame naming it, and pushes nothing more", async () => {
    await makeQuery(app, "doomed", { EQ_bizStep: "shipping" });
    const { client } = await connect("/epcis/queries/doomed/events?stream=true", { token });
    const { client: bystander } = await connect("/epcis/queries/shipments/events?stream=true", { token });
    try {
      expect(app.eventStreams.size).toBe(2);
      expect((await deleteQuery(app, "doomed")).statusCode).toBe(204);
      expect(await closeOf(client!)).toEqual({ status: 1000, reason: "query doomed deleted" });
      expect(app.eventStreams.size).toBe(1);
      const shipped = await append(app, "ship");
      await rounds(bystander!, 1);
      expect(eventIds(bystander!)).toEqual([shipped]);
      expect(client!.messages).toEqual([]);
      expect(bystander!.closes).toEqual([]);
    } finally {
      await hangUp(client);
      await hangUp(bystander);
    }
  });

  it("a query deleted, or made again with other parameters, by another process closes its stream at the next round", async () => {
    await makeQuery(app, "gone", { EQ_bizStep: "shipping" });
    await makeQuery(app, "remade", { EQ_bizStep: "shipping" });
    const { client: gone } = await connect("/epcis/queries/gone/events?stream=true", { token });
    const { client: remade } = await connect("/epcis/queries/remade/events?stream=true", { token });
    try {
      expect((await deleteQuery(other, "gone")).statusCode).toBe(204);
      expect((await deleteQuery(other, "remade")).statusCode).toBe(204);
      await makeQuery(other, "remade", { EQ_bizStep: "receiving" });
      expect(app.eventStreams.size).toBe(2);
      await append(app, "ship");
      const round = () => app.eventStreams.push();
      expect(await closeOf(gone!, round)).toEqual({ status: 1000, reason: "query gone deleted" });
      expect(await closeOf(remade!, round)).toEqual({ status: 1000, reason: "query remade deleted" });
      expect(app.eventStreams.size).toBe(0);
      expect([...gone!.messages, ...remade!.messages]).toEqual([]);
    } finally {
      await hangUp(gone);
      await hangUp(remade);
    }
  });
});
