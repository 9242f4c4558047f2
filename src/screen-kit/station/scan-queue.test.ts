import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/http-client";
import { STATION_BATCH_MAX_CALLS } from "../../../schema/contract/station-batch-calls";
import { backoffMs, ScanQueue, waitReason, type BatchAnswer, type Outcome, type QueueView } from "./scan-queue";
import { memoryScanStore, type QueuedScan, type ScanStore } from "./scan-store";

const scan = (code: string) => ({
  key: `key-${code}`,
  code,
  method: "POST" as const,
  path: "/api/x/add",
  body: { code },
});

/**
 * A server whose next answers are scripted per attempt; every attempt is recorded with its key, and
 * every request of several scans (a batch) with its scans' codes.
 */
function server() {
  const attempts: { code: string; key: string }[] = [];
  const batches: string[][] = [];
  const answers: ((scan: QueuedScan) => Promise<unknown>)[] = [];
  const batchAnswers: ((scans: readonly QueuedScan[]) => Promise<readonly BatchAnswer[]>)[] = [];
  const send = vi.fn((queued: QueuedScan) => {
    attempts.push({ code: queued.code, key: queued.key });
    const answer = answers.shift();
    return answer ? answer(queued) : Promise.resolve({ ok: queued.code });
  });
  const sendMany = vi.fn((scans: readonly QueuedScan[]) => {
    batches.push(scans.map((queued) => queued.code));
    for (const queued of scans) attempts.push({ code: queued.code, key: queued.key });
    const answer = batchAnswers.shift();
    return answer
      ? answer(scans)
      : Promise.resolve(scans.map((queued) => ({ ok: true as const, data: { ok: queued.code } })));
  });
  return {
    attempts,
    batches,
    send,
    sendMany,
    /** The next batch is answered by `answer` per scan (undefined: not answered, the server stopped before it). */
    batch: (answer: (scan: QueuedScan, index: number) => BatchAnswer | undefined) =>
      batchAnswers.push((scans) =>
        Promise.resolve(
          scans
            .map(answer)
            .filter((each): each is BatchAnswer => each !== undefined)
            .slice(0, scans.length),
        ),
      ),
    batchDown: () => batchAnswers.push(() => Promise.reject(new ApiError("Failed to fetch", 0, 0))),
    down: (times: number, error: Error = new ApiError("Failed to fetch", 0, 0)) => {
      for (let i = 0; i < times; i += 1) answers.push(() => Promise.reject(error));
    },
    refuse: (message: string) => answers.push(() => Promise.reject(new ApiError(message, 409, 40900))),
    hang: () => answers.push(() => new Promise(() => undefined)),
    slowRefusal: (ms: number, message: string) =>
      answers.push(
        () => new Promise((_resolve, reject) => setTimeout(() => reject(new ApiError(message, 409, 40900)), ms)),
      ),
    slow: (ms: number) =>
      answers.push((queued) => new Promise((resolve) => setTimeout(() => resolve({ ok: queued.code }), ms))),
  };
}

function queueOf(net: ReturnType<typeof server>, store: ScanStore = memoryScanStore()) {
  const settled: { code: string; outcome: Outcome }[] = [];
  const views: QueueView[] = [];
  const queue = new ScanQueue({
    station: "packingstation",
    store,
    send: net.send,
    sendMany: net.sendMany,
    timeoutMs: 3000,
    answerWithinMs: 500,
    onSettled: (queued, outcome) => settled.push({ code: queued.code, outcome }),
    onChange: (view) => views.push(view),
  });
  return { queue, settled, views, store, last: () => views.at(-1)! };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("scan queue", () => {
  it("answers a scan that goes straight through with the server's data, and keeps nothing", async () => {
    const net = server();
    const { queue, store, settled } = queueOf(net);
    await expect(queue.submit(scan("A"))).resolves.toEqual({ kind: "sent", data: { ok: "A" } });
    expect(await store.all("packingstation")).toEqual([]);
    expect(settled).toEqual([]);
    expect(net.attempts).toEqual([{ code: "A", key: "key-A" }]);
  });

  it("writes a scan to the store only once it has to wait, before the caller hears it is queued", async () => {
    const net = server();
    const memory = memoryScanStore();
    const written: string[] = [];
    const store: ScanStore = { ...memory, put: (queued) => (written.push(queued.code), memory.put(queued)) };
    const { queue } = queueOf(net, store);
    await queue.submit(scan("A"));
    expect(written).toEqual([]);
    net.down(1);
    const outcome = queue.submit(scan("B"));
    await expect(outcome).resolves.toEqual({ kind: "queued" });
    expect(written).toEqual(["B"]);
    expect((await store.all("packingstation")).map((s) => s.code)).toEqual(["B"]);
    queue.dispose();
  });

  it("answers a refusal once and never sends it again", async () => {
    const net = server();
    const { queue, store, last } = queueOf(net);
    net.refuse("already packed");
    const outcome = await queue.submit(scan("A"));
    expect(outcome.kind).toBe("refused");
    expect((outcome as { error: Error }).error.message).toBe("already packed");
    expect(await store.all("packingstation")).toEqual([]);
    expect(last()).toMatchObject({ pending: 0, refused: [] });
    expect(net.attempts).toHaveLength(1);
  });

  it("queues scans through a blip and sends each once, in order, with the key made when scanned", async () => {
    vi.useFakeTimers();
    const net = server();
    const { queue, settled, store, last } = queueOf(net);
    net.down(1);
    net.batchDown();
    await expect(queue.submit(scan("A"))).resolves.toEqual({ kind: "queued" });
    expect(last().waiting).toMatchObject({ reason: "offline", status: 0 });
    // Behind a waiting scan a new one is not sent at all: it would overtake.
    await expect(queue.submit(scan("B"))).resolves.toEqual({ kind: "queued" });
    await expect(queue.submit(scan("C"))).resolves.toEqual({ kind: "queued" });
    expect(net.attempts.map((a) => a.code)).toEqual(["A"]);
    expect((await store.all("packingstation")).map((s) => s.code)).toEqual(["A", "B", "C"]);
    expect(last().pending).toBe(3);

    await vi.advanceTimersByTimeAsync(backoffMs(1)); // second attempt fails too
    expect(net.attempts.map((a) => a.code)).toEqual(["A", "A", "B", "C"]);
    await vi.advanceTimersByTimeAsync(backoffMs(2) - 1);
    expect(net.attempts).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);

    // Once the head waits, the scans behind it go with it: one request a retry, in order, the same keys.
    expect(net.batches).toEqual([
      ["A", "B", "C"],
      ["A", "B", "C"],
    ]);
    expect(net.attempts.slice(4)).toEqual([
      { code: "A", key: "key-A" },
      { code: "B", key: "key-B" },
      { code: "C", key: "key-C" },
    ]);
    expect(settled.map((s) => [s.code, s.outcome.kind])).toEqual([
      ["A", "sent"],
      ["B", "sent"],
      ["C", "sent"],
    ]);
    expect(await store.all("packingstation")).toEqual([]);
    expect(last()).toMatchObject({ pending: 0, refused: [] });
    expect(last().waiting).toBeUndefined();
  });

  it("lists a scan refused after it waited until the operator clears it, and goes on with the next", async () => {
    vi.useFakeTimers();
    const net = server();
    const { queue, settled, store, last } = queueOf(net);
    net.down(1);
    await queue.submit(scan("A"));
    await queue.submit(scan("B"));
    net.batch((queued) =>
      queued.code === "A"
        ? { ok: false, error: new ApiError("already in box B-7", 409, 40900) }
        : { ok: true, data: {} },
    );
    await vi.advanceTimersByTimeAsync(backoffMs(1));
    expect(settled.map((s) => [s.code, s.outcome.kind])).toEqual([
      ["A", "refused"],
      ["B", "sent"],
    ]);
    expect(last().refused).toMatchObject([{ code: "A", refusal: "already in box B-7" }]);
    // Kept through a reload, and never sent again.
    expect((await store.all("packingstation")).map((s) => [s.code, s.refusal])).toEqual([["A", "already in box B-7"]]);
    await queue.clearRefused("key-A");
    expect(last().refused).toEqual([]);
    expect(await store.all("packingstation")).toEqual([]);
    expect(net.attempts.map((a) => a.code)).toEqual(["A", "A", "B"]);
  });

  it("tells the caller a slow scan is queued, and reports the answer when it comes", async () => {
    vi.useFakeTimers();
    const net = server();
    const { queue, settled, last } = queueOf(net);
    net.slow(1200);
    const outcome = queue.submit(scan("A"));
    await vi.advanceTimersByTimeAsync(499);
    let told: Outcome | undefined;
    void outcome.then((answer) => (told = answer));
    await vi.advanceTimersByTimeAsync(0);
    expect(told).toBeUndefined();
    // On its way with its caller waiting for the verdict: pending, but not shown as queued.
    expect(last()).toMatchObject({ pending: 1, queued: 0 });
    await vi.advanceTimersByTimeAsync(1);
    expect(told).toEqual({ kind: "queued" });
    expect(last()).toMatchObject({ pending: 1, queued: 1 });
    await vi.advanceTimersByTimeAsync(700);
    expect(settled).toEqual([{ code: "A", outcome: { kind: "sent", data: { ok: "A" } } }]);
    expect(net.attempts).toHaveLength(1);
    expect(last()).toMatchObject({ pending: 0, queued: 0 });
  });

  it("lists a slow scan the server then refuses: the operator was told it was queued", async () => {
    vi.useFakeTimers();
    const net = server();
    const { queue, settled, last } = queueOf(net);
    net.slowRefusal(800, "already packed");
    await vi.advanceTimersByTimeAsync(0);
    const outcome = queue.submit(scan("A"));
    await vi.advanceTimersByTimeAsync(500);
    await expect(outcome).resolves.toEqual({ kind: "queued" });
    await vi.advanceTimersByTimeAsync(300);
    expect(settled.map((s) => s.outcome.kind)).toEqual(["refused"]);
    expect(last().refused).toMatchObject([{ code: "A", refusal: "already packed" }]);
  });

  it("abandons an attempt with no answer in time and retries it with the same key", async () => {
    vi.useFakeTimers();
    const net = server();
    const { queue, settled, last } = queueOf(net);
    net.hang();
    const outcome = queue.submit(scan("A"));
    await vi.advanceTimersByTimeAsync(3000);
    await expect(outcome).resolves.toEqual({ kind: "queued" });
    expect(last().waiting?.reason).toBe("timeout");
    expect((net.send.mock.calls[0] as unknown[])[1]).toHaveProperty("aborted", true);
    await vi.advanceTimersByTimeAsync(backoffMs(1));
    expect(net.attempts).toEqual([
      { code: "A", key: "key-A" },
      { code: "A", key: "key-A" },
    ]);
    expect(settled.map((s) => s.outcome.kind)).toEqual(["sent"]);
  });

  it("retries at once when asked, without waiting for the backoff", async () => {
    vi.useFakeTimers();
    const net = server();
    const { queue, settled } = queueOf(net);
    net.down(1, new ApiError("Service Unavailable", 503, 503));
    await queue.submit(scan("A"));
    queue.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled.map((s) => s.outcome.kind)).toEqual(["sent"]);
  });

  it("takes up what an earlier page left before any new scan: waiting scans sent first, refused ones listed", async () => {
    const store = memoryScanStore();
    const left = { ...scan("A"), station: "packingstation", seq: 1 };
    await store.put(left);
    await store.put({ ...scan("R"), station: "packingstation", seq: 2, refusal: "not in production" });
    await store.put({ ...scan("X"), station: "shippingstation", seq: 3 });
    const net = server();
    const { queue, settled, last } = queueOf(net, store);
    net.slow(20);
    void queue.load();
    // Behind A, in memory: its caller hears the server's word once A is answered.
    const outcome = await queue.submit(scan("B"));
    expect(outcome).toEqual({ kind: "sent", data: { ok: "B" } });
    expect(settled.map((s) => s.code)).toEqual(["A"]);
    expect(net.attempts.map((a) => a.code)).toEqual(["A", "B"]);
    expect(last().refused.map((s) => s.code)).toEqual(["R"]);
  });

  it("keeps scans in memory when the store fails, and says they would not survive a reload", async () => {
    const net = server();
    const broken: ScanStore = {
      persistent: true,
      all: () => Promise.reject(new Error("blocked")),
      put: () => Promise.reject(new Error("quota")),
      remove: () => Promise.reject(new Error("quota")),
    };
    const { queue, last } = queueOf(net, broken);
    await queue.load();
    expect(last().persistent).toBe(false);
    net.down(1);
    expect(await queue.submit(scan("A"))).toEqual({ kind: "queued" });
    expect(last()).toMatchObject({ pending: 1, persistent: false });
    queue.retryNow();
    await vi.waitFor(() => expect(last().pending).toBe(0));
  });
});

describe("scans that come while one is in flight", () => {
  const refusal = (message: string): BatchAnswer => ({ ok: false, error: new ApiError(message, 409, 40900) });

  it("go together in the next request, in scanning order, each answered with its own verdict and none stored", async () => {
    vi.useFakeTimers();
    const net = server();
    const memory = memoryScanStore();
    const written: string[] = [];
    const store: ScanStore = { ...memory, put: (queued) => (written.push(queued.code), memory.put(queued)) };
    const { queue, last } = queueOf(net, store);
    net.slow(100);
    const answers = ["A", "B", "C", "D"].map((code) => queue.submit(scan(code)));
    await vi.advanceTimersByTimeAsync(0);
    // A alone in flight; B, C and D on their way behind it, their callers waiting for the verdict.
    expect(net.attempts.map((a) => a.code)).toEqual(["A"]);
    expect(last()).toMatchObject({ pending: 4, queued: 0 });
    await vi.advanceTimersByTimeAsync(100);
    expect(await Promise.all(answers)).toEqual(
      ["A", "B", "C", "D"].map((code) => ({ kind: "sent", data: { ok: code } })),
    );
    expect(net.send).toHaveBeenCalledTimes(1);
    expect(net.batches).toEqual([["B", "C", "D"]]);
    expect(net.attempts.map((a) => a.key)).toEqual(["key-A", "key-B", "key-C", "key-D"]);
    expect(written).toEqual([]);
    expect(last()).toMatchObject({ pending: 0, queued: 0 });
  });

  it("answers a refusal inside a batch to its own scan, and the scans after it are accepted", async () => {
    vi.useFakeTimers();
    const net = server();
    const { queue, settled, last } = queueOf(net);
    net.slow(50);
    net.batch((queued) =>
      queued.code === "C" ? refusal("already in box B-7") : { ok: true, data: { ok: queued.code } },
    );
    const answers = ["A", "B", "C", "D"].map((code) => queue.submit(scan(code)));
    await vi.advanceTimersByTimeAsync(50);
    const outcomes = await Promise.all(answers);
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(["sent", "sent", "refused", "sent"]);
    expect((outcomes[2] as { error: Error }).error.message).toBe("already in box B-7");
    // Its caller had the refusal as its verdict: nothing to list, nothing sent again.
    expect(settled).toEqual([]);
    expect(last()).toMatchObject({ pending: 0, refused: [] });
    expect(net.attempts.map((a) => a.code)).toEqual(["A", "B", "C", "D"]);
  });

  it("stops where the server said 'not now': the scans answered settle, the rest wait and go again in order", async () => {
    vi.useFakeTimers();
    const net = server();
    const { queue, last } = queueOf(net);
    net.slow(50);
    // The server answered B, then C's key was still being applied (425), and stopped there.
    net.batch((queued, index) =>
      index === 0
        ? { ok: true, data: { ok: queued.code } }
        : index === 1
          ? { ok: false, error: new ApiError("still being processed", 425, 42500) }
          : undefined,
    );
    const answers = ["A", "B", "C", "D"].map((code) => queue.submit(scan(code)));
    let told: Outcome[] = [];
    void Promise.all(answers).then((all) => (told = all));
    await vi.advanceTimersByTimeAsync(50);
    expect(last().waiting).toMatchObject({ reason: "server", status: 425 });
    expect(last().pending).toBe(2);
    await vi.advanceTimersByTimeAsync(backoffMs(1));
    expect(net.batches).toEqual([
      ["B", "C", "D"],
      ["C", "D"],
    ]);
    expect(told.map((outcome) => outcome.kind)).toEqual(["sent", "sent", "queued", "queued"]);
    expect(last()).toMatchObject({ pending: 0 });
  });

  it(`sends at most ${STATION_BATCH_MAX_CALLS} scans in one request`, async () => {
    vi.useFakeTimers();
    const net = server();
    const { queue } = queueOf(net);
    net.slow(50);
    const codes = Array.from({ length: STATION_BATCH_MAX_CALLS + 6 }, (_, n) => `S${n}`);
    const answers = codes.map((code) => queue.submit(scan(code)));
    await vi.advanceTimersByTimeAsync(50);
    await Promise.all(answers);
    expect(net.batches.map((batch) => batch.length)).toEqual([STATION_BATCH_MAX_CALLS, 5]);
    expect(net.attempts.map((a) => a.code)).toEqual(codes);
  });
});

describe("which failures wait", () => {
  it.each([
    [new ApiError("Failed to fetch", 0, 0), "offline"],
    [new TypeError("Failed to fetch"), "offline"],
    [new ApiError("Bad Gateway", 502, 502), "server"],
    [new ApiError("Service Unavailable", 503, 503), "server"],
    [new ApiError("Gateway Timeout", 504, 504), "server"],
    [new ApiError("Too Many Requests", 429, 429), "server"],
    [new ApiError("Token expired", 401, 50014), "session"],
    [new ApiError("already packed", 409, 40900), undefined],
    [new ApiError("code: not found", 404, 40400), undefined],
    [new ApiError("Internal error", 500, 50000), undefined],
  ])("%s → %s", (error, reason) => {
    expect(waitReason(error)).toBe(reason);
  });

  it("backs off from 1 s, doubling, to at most 10 s", () => {
    expect([1, 2, 3, 4, 5, 9].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });
});
