// WebSocket subscriptions (EPCIS 2.0 REST binding: GET /queries/{name}/events?stream=true with
// Upgrade: websocket): each new ledger event the named query matches is pushed to the open
// connection as an EPCISQueryDocument, in a text frame, as the webhook deliverer pushes it. A
// connection lives in this process and keeps its cursor in memory: it starts at the ledger's end
// when it opens and reads the ledger after its cursor, up to the ledger's horizon (so on
// PostgreSQL it never passes an event another process is still writing, and hears every process's
// events), each poll. A closed connection is forgotten; a client reconnecting resumes at the end,
// so events written while it was away are a query's job, or a webhook subscription's.
// Deleting the query disconnects its streams (GS1's binding: "query deleted and clients
// disconnected"): at once in the process that deletes it, and in any other at its next round, which
// finds the query gone or made again under the same name.
import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { message } from "../../schema/contract/messages";
import type { AppContext } from "../context";
import { badControls, badParameter } from "../domain/epcis/epcis-problem";
import { namedQuery, queryEdition, queryEditions } from "../domain/epcis/named-queries";
import type { RawQuery } from "../domain/epcis/query-parameters";
import type { QueryScope } from "../domain/epcis/dealer-scope";
import { scopeOfRequest } from "./epcis-caller";
import { LedgerHorizon } from "../domain/epcis/subscriptions/ledger-horizon";
import { nextBatch, subscriptionDocument } from "../domain/epcis/subscriptions/subscription-events";
import { acceptKeyOf, FrameReader, FrameRefused, frameOf, OPCODE } from "./websocket-frames";
import type { Upgrade } from "./websocket-upgrade";

interface Stream {
  readonly id: string;
  readonly queryName: string;
  readonly query: RawQuery;
  /** The making of the query the stream was opened on (queryEdition). */
  readonly edition: string;
  /** Whose events the caller sees (a dealer's caller: its dealer's), as when it polls. */
  readonly scope: QueryScope;
  readonly upgrade: Upgrade;
  cursor: number;
}

const WEBSOCKET_KEY = /^[A-Za-z0-9+/]{22}==$/;
/** RFC 6455 §7.4.1: the purpose the connection was made for is over; the query is not coming back. */
const QUERY_DELETED_STATUS = 1000;
/** A close frame's reason (RFC 6455 §5.5.1: at most 123 bytes; a query's name is at most 64). */
const deletedReason = (name: string) => `query ${name} deleted`;

export class EventStreams {
  private readonly streams = new Set<Stream>();
  private readonly horizon: LedgerHorizon;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<number> | undefined;
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly pollMs: number,
    private readonly batchSize: number,
  ) {
    this.horizon = new LedgerHorizon(ctx.store);
  }

  /** Open connections. */
  get size(): number {
    return this.streams.size;
  }

  /** Checks the handshake, answers 101 and keeps the connection; a refusal is thrown before any byte is written. */
  async open(request: FastifyRequest, reply: FastifyReply, upgrade: Upgrade, name: string): Promise<void> {
    const raw = (request.query ?? {}) as RawQuery;
    const given = Object.keys(raw);
    const refused = message("epcisSubscription.websocketStream", { given: given.join(", ") || "-" });
    if (given.some((name) => name !== "stream")) throw badParameter(refused);
    if (raw.stream !== "true") throw badControls(refused);
    const key = String(request.headers["sec-websocket-key"] ?? "");
    if (
      String(request.headers.upgrade ?? "").toLowerCase() !== "websocket" ||
      request.headers["sec-websocket-version"] !== "13" ||
      !WEBSOCKET_KEY.test(key)
    )
      throw badParameter(message("epcisSubscription.websocketHandshake"));
    const { query } = await namedQuery(this.ctx, name);
    // A query deleted since it was read has no edition; the stream's first round then closes it.
    const edition = (await queryEdition(this.ctx, name)) ?? "";
    const scope = await scopeOfRequest(this.ctx, request);
    const top = await this.ctx.store.get<{ top: number }>(`SELECT COALESCE(MAX(id), 0) AS top FROM _ledger_events`);
    void reply.hijack();
    upgrade.socket.write(
      [
        "HTTP/1.1 101 Switching Protocols",
        "Upgrade: websocket",
        "Connection: Upgrade",
        `Sec-WebSocket-Accept: ${acceptKeyOf(key)}`,
        "GS1-EPCIS-Version: 2.0.0",
        "GS1-CBV-Version: 2.0.0",
        "",
        "",
      ].join("\r\n"),
    );
    const stream: Stream = {
      id: randomUUID(),
      queryName: name,
      query,
      edition,
      scope,
      upgrade,
      cursor: Number(top?.top ?? 0),
    };
    this.streams.add(stream);
    this.listen(stream);
  }

  private listen(stream: Stream): void {
    const { socket, head } = stream.upgrade;
    const reader = new FrameReader(true);
    const forget = () => this.streams.delete(stream);
    const read = (chunk: Buffer) => {
      try {
        for (const frame of reader.push(chunk)) {
          if (frame.opcode === OPCODE.ping) socket.write(frameOf(OPCODE.pong, frame.payload));
          else if (frame.opcode === OPCODE.close) this.hangUp(stream, 1000);
        }
      } catch (error) {
        this.hangUp(stream, error instanceof FrameRefused ? error.status : 1011);
      }
    };
    socket.on("data", read);
    // A client that goes away half-closes its side: the stream ends, and this side closes too.
    socket.on("end", () => {
      forget();
      socket.end();
    });
    socket.on("close", forget);
    socket.on("error", forget);
    if (head.length) read(head);
  }

  /** Ends the connection with a close frame of `status` (RFC 6455 §7.4.1) and `reason` (§5.5.1). */
  private hangUp(stream: Stream, status: number, reason = ""): void {
    this.streams.delete(stream);
    const payload = Buffer.concat([Buffer.alloc(2), Buffer.from(reason, "utf8")]);
    payload.writeUInt16BE(status);
    stream.upgrade.socket.end(frameOf(OPCODE.close, payload));
  }

  /** Disconnects the streams of the query `name`, which was deleted. Returns how many. */
  closeQuery(name: string): number {
    const streams = [...this.streams].filter((stream) => stream.queryName === name);
    for (const stream of streams) this.hangUp(stream, QUERY_DELETED_STATUS, deletedReason(name));
    return streams.length;
  }

  /** Disconnects the streams whose query another process deleted (or deleted and made again). */
  private async closeDeleted(): Promise<void> {
    const names = [...new Set([...this.streams].map((stream) => stream.queryName))];
    const editions = await queryEditions(this.ctx, names);
    for (const stream of [...this.streams])
      if (editions.get(stream.queryName) !== stream.edition)
        this.hangUp(stream, QUERY_DELETED_STATUS, deletedReason(stream.queryName));
  }

  /** Starts polling (pollMs 0: none; tests call push()). */
  start(onError: (error: unknown) => void): void {
    if (!this.pollMs) return;
    const next = () => {
      if (this.closed) return;
      this.timer = setTimeout(() => {
        this.push().catch(onError).finally(next);
      }, this.pollMs);
      this.timer.unref();
    };
    next();
  }

  /** Closes every connection (going away) and stops polling. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.round?.catch(() => 0);
    for (const stream of [...this.streams]) this.hangUp(stream, 1001);
  }

  /** One round: each connection gets the events after its cursor its query matches. Returns documents sent. */
  async push(): Promise<number> {
    if (this.round) return await this.round;
    this.round = this.pushAll().finally(() => {
      this.round = undefined;
    });
    return await this.round;
  }

  private async pushAll(): Promise<number> {
    if (!this.streams.size) return 0;
    await this.closeDeleted();
    const horizon = await this.horizon.top();
    let sent = 0;
    for (const stream of [...this.streams]) {
      const batch = await nextBatch(this.ctx, stream.query, stream.cursor, horizon, this.batchSize, stream.scope);
      stream.cursor = batch.through;
      if (!batch.ids.length || !this.streams.has(stream)) continue;
      const document = await subscriptionDocument(this.ctx, { id: stream.id, queryName: stream.queryName }, batch.ids);
      stream.upgrade.socket.write(frameOf(OPCODE.text, Buffer.from(JSON.stringify(document))));
      sent += 1;
    }
    return sent;
  }
}
