import { afterEach, describe, expect, it } from "vitest";
import { installErrorCapture } from "./error-capture";
import { addErrorLog, clearErrorLog, errorLogEnabled, errorLogStore } from "./error-log-store";
import { changeSetting } from "./settings-store";

afterEach(() => {
  changeSetting("errorLogInDev", false);
  clearErrorLog();
});

describe("spec §8 error log", () => {
  it("is off in development until switched on (production builds always collect)", () => {
    expect(import.meta.env.PROD).toBe(false);
    expect(errorLogEnabled()).toBe(false);
    addErrorLog(new Error("ignored"), "test");
    expect(errorLogStore.get()).toEqual([]);
    changeSetting("errorLogInDev", true);
    expect(errorLogEnabled()).toBe(true);
  });

  it("keeps message, info, url and stack of each error, and clears", () => {
    changeSetting("errorLogInDev", true);
    const error = new Error("boom");
    addErrorLog(error, "render error");
    addErrorLog("plain text", "unhandled promise rejection");
    const [first, second] = errorLogStore.get();
    expect(first).toMatchObject({ message: "boom", info: "render error", stack: error.stack });
    expect(typeof first.url).toBe("string");
    expect(second).toMatchObject({ message: "plain text", info: "unhandled promise rejection" });
    clearErrorLog();
    expect(errorLogStore.get()).toEqual([]);
  });

  it("captures uncaught errors and unhandled rejections", () => {
    changeSetting("errorLogInDev", true);
    const target = new EventTarget();
    installErrorCapture(target as unknown as Window);
    target.dispatchEvent(
      Object.assign(new Event("error"), { error: new Error("uncaught"), filename: "app.js", lineno: 3, colno: 7 }),
    );
    target.dispatchEvent(Object.assign(new Event("unhandledrejection"), { reason: new Error("rejected") }));
    expect(errorLogStore.get().map(({ message, info }) => ({ message, info }))).toEqual([
      { message: "uncaught", info: "uncaught error at app.js:3:7" },
      { message: "rejected", info: "unhandled promise rejection" },
    ]);
  });
});
