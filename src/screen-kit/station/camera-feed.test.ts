import { describe, expect, it } from "vitest";
import { cameraSupport, createCameraFeed, createDetector, GONE_MS, type CodeDetector } from "./camera-feed";

/** A detector answering a scripted list of codes per frame, or failing on a frame marked "fail". */
function fakeDetector(frames: readonly (readonly string[] | "fail")[]): CodeDetector {
  let next = 0;
  return {
    detect: () => {
      const frame = frames[next++] ?? [];
      return frame === "fail"
        ? Promise.reject(new Error("frame not ready"))
        : Promise.resolve(frame.map((rawValue) => ({ rawValue })));
    },
  };
}

const FRAME = {} as ImageBitmapSource;

async function run(frames: readonly (readonly string[] | "fail")[], stepMs = 100) {
  const fed: string[] = [];
  let time = 0;
  const feed = createCameraFeed(
    fakeDetector(frames),
    (code) => fed.push(code),
    () => time,
  );
  for (let i = 0; i < frames.length; i += 1) {
    await feed(FRAME);
    time += stepMs;
  }
  return fed;
}

describe("camera feed", () => {
  it("feeds a code once however many frames it stays in view", async () => {
    expect(await run([["A"], ["A"], ["A"], ["A"]])).toEqual(["A"]);
  });

  it("feeds each new code in view, in the detector's order, next to one already fed", async () => {
    expect(await run([["A"], ["A", "B"], ["C", "B"], []])).toEqual(["A", "B", "C"]);
  });

  it("feeds a code again only after it has been out of view for a moment", async () => {
    const briefly = [["A"], [], ["A"]];
    expect(await run(briefly)).toEqual(["A"]);
    const gone = [["A"], ...Array.from({ length: GONE_MS / 100 + 1 }, () => []), ["A"]];
    expect(await run(gone)).toEqual(["A", "A"]);
  });

  it("feeds a code in view once through a stall: frames read seconds apart saw it never leave", async () => {
    expect(await run([["A"], ["A"], ["A"]], 3 * GONE_MS)).toEqual(["A"]);
    expect(await run([["A"], [], ["A"]], 3 * GONE_MS), "missing from one frame only").toEqual(["A"]);
  });

  it("skips frames the detector fails on and empty values", async () => {
    expect(await run(["fail", [""], ["A"], "fail", ["A"]])).toEqual(["A"]);
  });

  it("reads one frame at a time: a frame arriving while one is read is dropped", async () => {
    let release: () => void = () => undefined;
    const fed: string[] = [];
    let calls = 0;
    const slow: CodeDetector = {
      detect: () => {
        calls += 1;
        return new Promise((resolve) => (release = () => resolve([{ rawValue: "A" }])));
      },
    };
    const feed = createCameraFeed(slow, (code) => fed.push(code));
    const first = feed(FRAME);
    await feed(FRAME);
    release();
    await first;
    expect(calls).toBe(1);
    expect(fed).toEqual(["A"]);
  });
});

describe("camera support", () => {
  const scope = (members: Record<string, unknown>) => members as unknown as typeof globalThis;

  it("says what is missing: the Barcode Detection API, or a camera (plain http gives none)", () => {
    const camera = { mediaDevices: { getUserMedia: () => undefined } };
    expect(cameraSupport(scope({ navigator: camera }))).toBe("detector");
    expect(cameraSupport(scope({ BarcodeDetector: class {}, navigator: {} }))).toBe("camera");
    expect(cameraSupport(scope({ BarcodeDetector: class {}, navigator: camera }))).toBe("ok");
  });

  it("asks the detector for the line's formats the browser has", async () => {
    let asked: unknown;
    class BarcodeDetector {
      constructor(options: unknown) {
        asked = options;
      }
      static getSupportedFormats = () => Promise.resolve(["qr_code", "aztec", "data_matrix"]);
      detect = () => Promise.resolve([]);
    }
    await createDetector(scope({ BarcodeDetector }));
    expect(asked).toEqual({ formats: ["qr_code", "data_matrix"] });
  });
});
