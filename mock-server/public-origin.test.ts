// The public origin: what PUBLIC_ORIGIN may be, how it is written back, and the default when it is unset.
import { describe, expect, it } from "vitest";
import { checkedPublicOrigin, PublicOriginError, publicOriginFromEnv } from "./public-origin";

describe("checkedPublicOrigin", () => {
  it.each([
    ["http://192.168.1.20:3000", "http://192.168.1.20:3000"],
    ["http://192.168.1.20:3000/", "http://192.168.1.20:3000"],
    ["HTTPS://Trace.Example.com:443", "https://trace.example.com"],
    ["http://[::1]:3000", "http://[::1]:3000"],
  ])("%s is the origin %s", (given, want) => {
    expect(checkedPublicOrigin(given)).toBe(want);
  });

  it.each([
    ["192.168.1.20:3000", /is not a URL/],
    ["localhost:3000", /must start with http/],
    ["localhost", /is not a URL/],
    ["ftp://files.example.com", /must start with http/],
    ["http://trace.example.com/console", /origin only .* e\.g\. http:\/\/trace\.example\.com$/],
    ["http://trace.example.com/?a=1", /origin only/],
    ["http://user:secret@trace.example.com", /origin only/],
  ])("%s is refused", (given, why) => {
    expect(() => checkedPublicOrigin(given)).toThrow(PublicOriginError);
    expect(() => checkedPublicOrigin(given)).toThrow(why);
  });
});

describe("publicOriginFromEnv", () => {
  it.each([
    [{}, "http://localhost:3000"],
    [{ PORT: "4201" }, "http://localhost:4201"],
    [{ PORT: "4201", NODE_ENV: "development" }, "http://localhost:5173"],
    [{ PORT: "4201", NODE_ENV: "development", DEV_PORT: "5200" }, "http://localhost:5200"],
    [{ PORT: "4201", PUBLIC_ORIGIN: "http://192.168.1.20:4201/" }, "http://192.168.1.20:4201"],
  ])("%j gives %s", (env, want) => {
    expect(publicOriginFromEnv(env)).toBe(want);
  });

  it("refuses a PUBLIC_ORIGIN that is no origin", () => {
    expect(() => publicOriginFromEnv({ PUBLIC_ORIGIN: "192.168.1.20" })).toThrow(PublicOriginError);
  });
});
