// Test helper: replaces global fetch with a recorder that answers with envelopes.
import { vi } from "vitest";

export interface RecordedCall {
  method: string;
  url: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export type Reply = {
  status?: number;
  envelope: { status_code: number; message: string; code: number; data: unknown; errors?: unknown };
};

export function ok(data: unknown): Reply {
  return { envelope: { status_code: 200, message: "success", code: 20000, data } };
}

export function stubFetch(...replies: Reply[]): RecordedCall[] {
  const calls: RecordedCall[] = [];
  let next = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const parsed = new URL(url, "http://console.test");
      calls.push({
        method: init.method ?? "GET",
        url,
        path: parsed.pathname,
        query: Object.fromEntries(parsed.searchParams),
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      });
      const reply = replies[Math.min(next++, replies.length - 1)] ?? ok(null);
      return new Response(JSON.stringify(reply.envelope), {
        status: reply.status ?? 200,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return calls;
}
