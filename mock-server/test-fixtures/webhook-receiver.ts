// A partner's webhook for the subscription tests: a local HTTP server on a free port that keeps
// every request it is sent (headers and exact body) and answers 204, or 503 while told to fail.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** What the receiver answered. */
  readonly status: number;
}

export interface WebhookReceiver {
  readonly url: string;
  readonly received: Received[];
  /** The next `count` requests are answered 503. */
  failNext(count: number): void;
  close(): Promise<void>;
}

export async function webhookReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = [];
  let failing = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const status = failing > 0 ? 503 : 204;
      if (failing > 0) failing -= 1;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), status });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/epcis-hook`,
    received,
    failNext(count) {
      failing = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
