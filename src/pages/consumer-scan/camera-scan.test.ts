import { describe, expect, it } from "vitest";
import { barcodeDetector, cameraScanSupported, type BarcodeDetectorClass, type CameraHost } from "./camera-scan";

const detector = (formats: () => Promise<string[]>): BarcodeDetectorClass =>
  class {
    static getSupportedFormats = formats;
    detect() {
      return Promise.resolve([]);
    }
  };

const camera = { mediaDevices: { getUserMedia: () => Promise.resolve() } };
const host = (extra: Partial<CameraHost> = {}): CameraHost => ({
  isSecureContext: true,
  navigator: camera,
  BarcodeDetector: detector(() => Promise.resolve(["ean_13", "qr_code"])),
  ...extra,
});

describe("cameraScanSupported", () => {
  it("needs a secure page, a camera and a detector that reads QR codes", async () => {
    expect(await cameraScanSupported(host())).toBe(true);
  });

  it.each<[string, Partial<CameraHost>]>([
    ["no BarcodeDetector (Firefox, desktop Chrome on Linux/Windows)", { BarcodeDetector: undefined }],
    ["no QR format", { BarcodeDetector: detector(() => Promise.resolve(["ean_13"])) }],
    ["formats that cannot be listed", { BarcodeDetector: detector(() => Promise.reject(new Error("no"))) }],
    ["no camera API", { navigator: {} }],
    ["a page served over plain http", { isSecureContext: false }],
  ])("degrades to typing with %s", async (_name, extra) => {
    expect(await cameraScanSupported(host(extra))).toBe(false);
  });
});

describe("barcodeDetector", () => {
  it("builds a QR detector, or none when the browser refuses", () => {
    expect(barcodeDetector(host())).toBeDefined();
    const refusing = class {
      constructor() {
        throw new TypeError("unsupported");
      }
    } as unknown as BarcodeDetectorClass;
    expect(barcodeDetector(host({ BarcodeDetector: refusing }))).toBeUndefined();
    expect(barcodeDetector(host({ BarcodeDetector: undefined }))).toBeUndefined();
  });
});
