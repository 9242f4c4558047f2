// A phone's camera as the station's scanner: the browser's Barcode Detection API reads the frames,
// and this decides which codes become scans. A code stays in view for many frames, so it is fed
// once; it is fed again only after it has been out of view for a moment (the operator took it away
// and shows it again on purpose). Out of view is what the frames read show, not the time since the
// code was last seen: a phone that reads no frame for a while (its page busy) saw nothing leave.

/** The part of the Barcode Detection API the station uses (BarcodeDetector.detect). */
export interface CodeDetector {
  detect(source: ImageBitmapSource): Promise<readonly { readonly rawValue: string }[]>;
}

interface BarcodeDetectorClass {
  new (options?: { formats: string[] }): CodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** What lines print: QR and DataMatrix (GS1 Digital Link, element strings), and the linear GS1 codes. */
export const CAMERA_FORMATS = ["qr_code", "data_matrix", "code_128", "ean_13", "ean_8", "upc_a", "itf"];

/** How long a code must be missing from the frames read before showing it again scans it again. */
export const GONE_MS = 1000;

/**
 * Whether this browser can scan with a camera: "detector" missing (no Barcode Detection API, e.g.
 * desktop Chrome on Linux or Windows, Firefox) or "camera" missing (no camera, or the console is
 * open over plain http, where browsers give no camera).
 */
export function cameraSupport(scope: typeof globalThis = globalThis): "ok" | "detector" | "camera" {
  if (!("BarcodeDetector" in scope)) return "detector";
  if (typeof scope.navigator?.mediaDevices?.getUserMedia !== "function") return "camera";
  return "ok";
}

/** A detector for the formats both the browser and the lines have. */
export async function createDetector(scope: typeof globalThis = globalThis): Promise<CodeDetector> {
  const Detector = (scope as unknown as { BarcodeDetector: BarcodeDetectorClass }).BarcodeDetector;
  const supported = await Detector.getSupportedFormats();
  const formats = CAMERA_FORMATS.filter((format) => supported.includes(format));
  return new Detector(formats.length > 0 ? { formats } : undefined);
}

/**
 * A frame handler: reads a frame, feeds each code newly in view to `onCode` (in the detector's
 * order), skips frames while one is still being read and frames the detector fails on.
 */
export function createCameraFeed(
  detector: CodeDetector,
  onCode: (code: string) => void,
  now: () => number = Date.now,
): (frame: ImageBitmapSource) => Promise<void> {
  /** Each code fed and not gone since: the time of the first frame read without it, if one was. */
  const inView = new Map<string, number | undefined>();
  let reading = false;
  return async (frame) => {
    if (reading) return;
    reading = true;
    try {
      const codes = await detector.detect(frame);
      const time = now();
      const present = new Set(codes.map(({ rawValue }) => rawValue).filter((code) => code !== ""));
      for (const [code, missingSince] of inView) {
        if (present.has(code)) inView.set(code, undefined);
        else if (missingSince === undefined) inView.set(code, time);
        else if (time - missingSince >= GONE_MS) inView.delete(code);
      }
      for (const code of present) {
        if (inView.has(code)) continue;
        inView.set(code, undefined);
        onCode(code);
      }
    } catch {
      // A frame the detector cannot read (not decoded yet, a camera hiccup) is skipped; the next one comes.
    } finally {
      reading = false;
    }
  };
}
