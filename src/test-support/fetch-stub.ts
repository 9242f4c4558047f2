// Test helper: replaces global fetch with a recorder that answers with the server's envelope,
// whose success code comes from the shared contract rather than being typed again.
import { vi } from "vitest";
import { SUCCESS_CODE, type Envelope } from "../../schema/contract/envelope";

export interface RecordedCall {
  method: string;
  url: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export type Reply = {
  status?: number;
  envelope: Envelope<unknown> & { errors?: unknown };
};

export function ok(data: unknown): Reply {
  return { envelope: { status_code: 200, message: "success", code: SUCCESS_CODE, data } };
}

export function stubFetch(...replies: Reply[]): RecordedCall[] {
  const calls: RecordedCall[] = [];
  let next = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn((url: string, init: RequestInit) => {
      const parsed = new URL(url, "http://console.test");
      calls.push({
        method: init.method ?? "GET",
        url,
        path: parsed.pathname,
        query: Object.fromEntries(parsed.searchParams),
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      });
      const reply = replies[Math.min(next++, replies.length - 1)] ?? ok(null);
      return Promise.resolve(
        new Response(JSON.stringify(reply.envelope), {
          status: reply.status ?? 200,
          headers: { "Content-Type": "application/json" },
        }),
      );
    }),
  );
  return calls;
}
