import { describe, expect, it } from "vitest";
import {
  onFirstMessage,
  preloadPublicMessage,
  publicMessage,
  setPublicMessage,
  type ShellMessage,
} from "./shell-message";

describe("the public pages' messages", () => {
  it("wake the host once, wait for its antd hook, then show in order; later ones show at once", () => {
    const shown: string[] = [];
    const api: ShellMessage = {
      success: (content) => shown.push(`success:${content}`),
      error: (content, duration) => shown.push(`error:${content}:${duration}`),
    };
    let woken = 0;
    const stop = onFirstMessage(() => woken++);
    expect(woken).toBe(0);
    publicMessage.error("refused", 5);
    publicMessage.success("switched");
    expect(woken).toBe(1);
    expect(shown).toEqual([]);
    setPublicMessage(api);
    expect(shown).toEqual(["error:refused:5", "success:switched"]);
    publicMessage.success("again");
    expect(shown.at(-1)).toBe("success:again");
    setPublicMessage(undefined);
    stop();
  });

  it("a message asked for before the host mounted wakes it as it mounts", () => {
    publicMessage.success("early");
    let woken = 0;
    const stop = onFirstMessage(() => woken++);
    expect(woken).toBe(1);
    const shown: string[] = [];
    setPublicMessage({ success: (content) => shown.push(content), error: () => undefined });
    expect(shown).toEqual(["early"]);
    setPublicMessage(undefined);
    stop();
  });

  it("a preload wakes the host before any message, once", () => {
    let woken = 0;
    const stop = onFirstMessage(() => woken++);
    preloadPublicMessage();
    preloadPublicMessage();
    publicMessage.success("later");
    expect(woken).toBe(1);
    const shown: string[] = [];
    setPublicMessage({ success: (content) => shown.push(content), error: () => undefined });
    expect(shown).toEqual(["later"]);
    setPublicMessage(undefined);
    stop();
  });
});
