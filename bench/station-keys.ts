// bench/station's two ways of typing a scan (a code's keys, then Enter) into the focused input, both
// real key events through Chromium's input pipeline, in order (BENCH_KEYS):
// - sequential: Playwright's `keyboard.type` then `press("Enter")`; each key's down and up is a CDP
//   call awaited before the next is sent, and Chromium answers one only once the renderer has handled
//   it, so a code of 20 keys costs 42 round trips through the page's main thread, one after another;
// - pipelined: a keyboard-wedge scanner's way. A scanner does not wait for the page between keys: it
//   sends them at its own rate and the operating system queues them for the browser. Here all of a
//   scan's `Input.dispatchKeyEvent` calls go at once on the page's DevTools socket (devtools-socket.ts)
//   and are awaited together: Chromium queues them in the order sent and the renderer handles each as
//   a real keydown (with its text), keyup, then Enter, as it would a scanner's.
// Neither can lose or reorder a key unseen: bench/station compares each Enter's text with the code sent.
import type { Page } from "@playwright/test";
import { openPageSocket, type DevtoolsSocket } from "./devtools-socket";

export const KEY_DRIVERS = ["sequential", "pipelined"] as const;
export type KeyDriverName = (typeof KEY_DRIVERS)[number];

/** Types `code` then Enter into the page's focused element; resolves once the page has handled every key. */
export type TypeScan = (code: string) => Promise<void>;

export function keyDriverOf(name: string | undefined): KeyDriverName {
  const chosen = name ?? "pipelined";
  if (!(KEY_DRIVERS as readonly string[]).includes(chosen))
    throw new Error(`BENCH_KEYS is ${chosen}: it takes ${KEY_DRIVERS.join(" or ")}`);
  return chosen as KeyDriverName;
}

export interface TyperOptions {
  /** The browser's `--remote-debugging-port` (pipelined). */
  readonly debuggingPort: number;
  /** Ms Playwright waits between keys (sequential). */
  readonly keyDelayMs?: number;
}

export async function scanTyper(page: Page, driver: KeyDriverName, options: TyperOptions): Promise<TypeScan> {
  if (driver === "sequential")
    return async (code) => {
      await page.keyboard.type(code, { delay: options.keyDelayMs ?? 0 });
      await page.keyboard.press("Enter");
    };
  const socket = await openPageSocket(page, options.debuggingPort);
  page.once("close", () => socket.close());
  return (code) => sendAll(socket, [...[...code].flatMap(characterKey), ...ENTER]);
}

async function sendAll(socket: DevtoolsSocket, events: readonly KeyEvent[]): Promise<void> {
  await Promise.all(events.map((event) => socket.send("Input.dispatchKeyEvent", event)));
}

interface KeyEvent {
  readonly type: "keyDown" | "keyUp";
  readonly key: string;
  readonly code: string;
  readonly windowsVirtualKeyCode: number;
  readonly text?: string;
  readonly unmodifiedText?: string;
}

/** A key's down (with its text) and up, as Playwright's US layout sends them for `keyboard.type`. */
function keyPair(key: string, code: string, keyCode: number, text: string): KeyEvent[] {
  return [
    { type: "keyDown", key, code, windowsVirtualKeyCode: keyCode, text, unmodifiedText: text },
    { type: "keyUp", key, code, windowsVirtualKeyCode: keyCode },
  ];
}

const ENTER = keyPair("Enter", "Enter", 13, "\r");

/** The keys of a character a scanner types in a code: digits, Latin letters, `-`, `.`, `/`. */
function characterKey(character: string): KeyEvent[] {
  if (/^[0-9]$/.test(character)) return keyPair(character, `Digit${character}`, character.charCodeAt(0), character);
  if (/^[A-Za-z]$/.test(character)) {
    const upper = character.toUpperCase();
    return keyPair(character, `Key${upper}`, upper.charCodeAt(0), character);
  }
  const punctuation = PUNCTUATION[character];
  if (punctuation) return keyPair(character, punctuation.code, punctuation.keyCode, character);
  throw new Error(`the pipelined key driver has no key for ${JSON.stringify(character)}`);
}

const PUNCTUATION: Readonly<Record<string, { code: string; keyCode: number }>> = {
  "-": { code: "Minus", keyCode: 189 },
  ".": { code: "Period", keyCode: 190 },
  "/": { code: "Slash", keyCode: 191 },
};
