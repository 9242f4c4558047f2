import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SUCCESS_CODE } from "../../schema/contract/envelope";
import {
  ApiError,
  callsInFlight,
  onSessionEnded,
  readCallAnswer,
  request,
  requestFile,
  TIMEOUT_MS,
} from "./http-client";

const session = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock("./session-cookies", () => ({ getToken: () => session.token }));

function envelope(status_code: number, code: number, message: string, data: unknown = null, status = status_code) {
  return new Response(JSON.stringify({ status_code, code, message, data }), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** A server that never answers: the call ends only when its signal aborts. */
function silentServer() {
  const fetch = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
      ),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

beforeEach(() => {
  session.token = undefined;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("spec §9 time-outs", () => {
  it("are 5 s for the login client and 15 s for every other call", () => {
    expect(TIMEOUT_MS).toEqual({ login: 5000, default: 15000 });
  });

  it.each([
    ["login", 5000],
    ["default", 15000],
  ] as const)("end a %s call after %i ms, not before", async (client, limit) => {
    vi.useFakeTimers();
    silentServer();
    let settled: unknown = "pending";
    const call = request({ method: "POST", path: "/api/sso/login", client }).catch((error: unknown) => {
      settled = error;
    });
    await vi.advanceTimersByTimeAsync(limit - 1);
    expect(settled).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    await call;
    expect(settled).toBeInstanceOf(ApiError);
    expect((settled as ApiError).message).toBe(`timeout of ${limit}ms exceeded`);
  });
});

describe("spec §7, §8 envelope", () => {
  it("sends the Token header only when a token exists, and returns data on status_code 200", async () => {
    const fetch = vi.fn(() => Promise.resolve(envelope(200, SUCCESS_CODE, "ok", { figure: 1 })));
    vi.stubGlobal("fetch", fetch);
    await expect(request({ method: "GET", path: "/api/x" })).resolves.toEqual({ figure: 1 });
    expect((fetch.mock.calls[0] as unknown[])[1]).toMatchObject({ headers: { Accept: "application/json" } });
    expect(((fetch.mock.calls[0] as unknown[])[1] as RequestInit).headers).not.toHaveProperty("Token");
    session.token = "t-1";
    await request({ method: "GET", path: "/api/x" });
    expect(((fetch.mock.calls[1] as unknown[])[1] as RequestInit).headers).toMatchObject({ Token: "t-1" });
  });

  it("sends a call's own headers beside the common ones, which they cannot replace", async () => {
    const fetch = vi.fn(() => Promise.resolve(envelope(200, SUCCESS_CODE, "ok", null)));
    vi.stubGlobal("fetch", fetch);
    session.token = "t-1";
    await request({
      method: "POST",
      path: "/api/x",
      body: {},
      headers: { "Idempotency-Key": "k-1", Token: "forged" },
    });
    expect(((fetch.mock.calls[0] as unknown[])[1] as RequestInit).headers).toMatchObject({
      "Idempotency-Key": "k-1",
      Token: "t-1",
      "Content-Type": "application/json",
    });
  });

  it("rejects any status_code other than 200 with the server's message, or a default", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(envelope(500, 50000, "Internal error"))),
    );
    await expect(request({ method: "GET", path: "/api/x" })).rejects.toMatchObject({
      message: "Internal error",
      statusCode: 500,
      code: 50000,
    });
    // A 200 HTTP answer whose envelope says otherwise is still an error.
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(envelope(400, 40000, "", null, 200))),
    );
    await expect(request({ method: "GET", path: "/api/x" })).rejects.toMatchObject({
      message: "Request failed (400)",
      statusCode: 400,
    });
  });

  it("reports a network failure with its message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(request({ method: "GET", path: "/api/x" })).rejects.toMatchObject({
      message: "Failed to fetch",
      statusCode: 0,
    });
  });
});

describe("a call's answer inside another's (a station's batch)", () => {
  it("is its data on 200, and on a refusal the ApiError the call alone would have been", async () => {
    await expect(
      readCallAnswer(200, { status_code: 200, code: SUCCESS_CODE, message: "ok", data: { id: 7 } }),
    ).resolves.toEqual({
      id: 7,
    });
    const refused = readCallAnswer(409, { status_code: 409, code: 40900, message: "already in box B-7", data: null });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ message: "already in box B-7", statusCode: 409, code: 40900 });
    await expect(readCallAnswer(425, {})).rejects.toMatchObject({ statusCode: 425 });
  });
});

describe("spec §8 ended session", () => {
  it("tells the shell for 50012 and 50014, not for a permission the live session lacks (40300)", async () => {
    const heard: number[] = [];
    const stop = onSessionEnded((error) => heard.push(error.code));
    for (const code of [50012, 50014, 40300]) {
      vi.stubGlobal(
        "fetch",
        vi.fn(() => Promise.resolve(envelope(403, code, "no"))),
      );
      await expect(request({ method: "GET", path: "/api/x" })).rejects.toBeInstanceOf(ApiError);
    }
    stop();
    expect(heard).toEqual([50012, 50014]);
  });

  it("says when the failed call was sent, so an answer given since can ignore the calls already on their way", async () => {
    const sent: number[] = [];
    const stop = onSessionEnded((_error, sentAt) => sent.push(sentAt));
    let answer!: () => void;
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answer = () => resolve(envelope(403, 50012, "ended"))))),
    );
    const before = Date.now();
    const call = request({ method: "GET", path: "/api/x" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    answer();
    await expect(call).rejects.toBeInstanceOf(ApiError);
    stop();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeGreaterThanOrEqual(before);
    expect(sent[0]).toBeLessThan(Date.now() - 10);
  });
});

describe("calls in flight (the sidebar's prefetch waits for them)", () => {
  it("counts a call while it is out, answered or refused", async () => {
    const answers: ((response: Response) => void)[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve))),
    );
    const answered = request({ method: "GET", path: "/api/x" });
    const refused = request({ method: "GET", path: "/api/y" }).catch(() => undefined);
    expect(callsInFlight()).toBe(2);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[0](envelope(200, SUCCESS_CODE, "ok", 1));
    await answered;
    expect(callsInFlight()).toBe(1);
    answers[1](envelope(500, 500, "no"));
    await refused;
    expect(callsInFlight()).toBe(0);
  });
});

describe("file calls share request()'s path", () => {
  const headersOf = (fetch: ReturnType<typeof vi.fn>, call: number) =>
    ((fetch.mock.calls[call] as unknown[])[1] as RequestInit).headers as Record<string, string>;

  it("are counted in flight until the file is read", async () => {
    let answer!: (response: Response) => void;
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const download = requestFile({ path: "/api/x/download" }, () => undefined);
    expect(callsInFlight()).toBe(1);
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer(new Response("a,b\n1,2\n", { headers: { "Content-Type": "text/csv" } }));
    await expect(download).resolves.toMatchObject({ blob: expect.any(Blob) as Blob });
    expect(callsInFlight()).toBe(0);
  });

  it("send the same Token and Accept-Language as an envelope call, asking for any type", async () => {
    session.token = "t-1";
    const fetch = vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith("download")
          ? new Response("x", { headers: { "Content-Type": "text/plain" } })
          : envelope(200, SUCCESS_CODE, "ok"),
      ),
    );
    vi.stubGlobal("fetch", fetch);
    await request({ method: "GET", path: "/api/x" });
    await requestFile({ path: "/api/download" }, () => undefined);
    const { Accept: envelopeAccept, ...envelopeHeaders } = headersOf(fetch, 0);
    const { Accept: fileAccept, ...fileHeaders } = headersOf(fetch, 1);
    expect(fileHeaders).toEqual(envelopeHeaders);
    expect(fileHeaders).toMatchObject({ Token: "t-1" });
    expect([envelopeAccept, fileAccept]).toEqual(["application/json", "*/*"]);
  });

  it("refuse with the envelope's ApiError and tell the shell of an ended session", async () => {
    const heard: number[] = [];
    const stop = onSessionEnded((error) => heard.push(error.code));
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(envelope(403, 50014, "ended"))),
    );
    await expect(requestFile({ path: "/api/download" }, () => undefined)).rejects.toMatchObject({
      message: "ended",
      code: 50014,
    });
    stop();
    expect(heard).toEqual([50014]);
  });

  it("read an envelope's data as a JSON file, and name a streamed file from Content-Disposition", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(envelope(200, SUCCESS_CODE, "ok", { epcis: 1 }))),
    );
    const json = await requestFile({ path: "/api/export" }, () => undefined);
    expect(JSON.parse(await json.blob.text())).toEqual({ epcis: 1 });
    vi.stubGlobal(
      "fetch",
      vi.fn(() =>
        Promise.resolve(
          new Response("h\n1\n2\n", {
            headers: {
              "Content-Type": "text/csv",
              "X-Total-Count": "2",
              "Content-Disposition": "attachment; filename*=UTF-8''%E7%A0%81.csv",
            },
          }),
        ),
      ),
    );
    const progress: (number | undefined)[] = [];
    const csv = await requestFile({ path: "/api/download" }, (p) => progress.push(p.fraction));
    expect(csv.fileName).toBe("码.csv");
    expect(await csv.blob.text()).toBe("h\n1\n2\n");
    expect(progress.at(-1)).toBe(1);
  });

  it("report a cancelled download as cancelled, not as a time-out", async () => {
    silentServer();
    const controller = new AbortController();
    const download = requestFile({ path: "/api/download", signal: controller.signal }, () => undefined);
    controller.abort();
    await expect(download).rejects.toBeInstanceOf(ApiError);
    await expect(download).rejects.not.toMatchObject({ message: expect.stringMatching(/timeout/) as string });
    expect(callsInFlight()).toBe(0);
  });
});
