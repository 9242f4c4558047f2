// A page's own DevTools socket, for bench/station's pipelined keys: Chromium is launched with
// `--remote-debugging-port` and the page's target is reached by its id. A call is one JSON message on
// the socket; through Playwright's CDP session each call also crosses Playwright's client and server
// layers, ~20 ms of the bench's own CPU per 42-event scan on this host (sequential keyboard.type, one
// Playwright call a code, ~12–17 ms), which on two cores is taken from the page and the server.
// Node 20 needs --experimental-websocket for its WebSocket (package.json's bench:station passes it).
import type { Page } from "@playwright/test";
import { createServer } from "node:net";

export interface DevtoolsSocket {
  send(method: string, params: object): Promise<unknown>;
  close(): void;
}

/** A port free now, for Chromium's `--remote-debugging-port`. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** `page`'s DevTools socket on the browser's debugging `port`. */
export async function openPageSocket(page: Page, port: number): Promise<DevtoolsSocket> {
  const session = await page.context().newCDPSession(page);
  const { targetInfo } = (await session.send("Target.getTargetInfo")) as { targetInfo: { targetId: string } };
  await session.detach();
  const socket = new WebSocket(`ws://127.0.0.1:${port}/devtools/page/${targetInfo.targetId}`);
  await new Promise((open, fail) => {
    socket.addEventListener("open", open, { once: true });
    socket.addEventListener("error", () => fail(new Error(`no DevTools socket on port ${port}`)), { once: true });
  });
  const waiting = new Map<number, { answer: (result: unknown) => void; fail: (error: Error) => void }>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const call = message.id === undefined ? undefined : waiting.get(message.id);
    if (!call) return;
    waiting.delete(message.id!);
    if (message.error) call.fail(new Error(message.error.message));
    else call.answer(message.result);
  });
  socket.addEventListener("close", () => {
    for (const call of waiting.values()) call.fail(new Error("the DevTools socket closed"));
    waiting.clear();
  });
  let lastId = 0;
  return {
    send(method, params) {
      const id = ++lastId;
      return new Promise((answer, fail) => {
        waiting.set(id, { answer, fail });
        socket.send(JSON.stringify({ id, method, params }));
      });
    },
    close: () => socket.close(),
  };
}
