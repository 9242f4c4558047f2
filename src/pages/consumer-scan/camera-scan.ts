// spec §2 /c: scanning the QR code with the phone's camera where the browser can read QR codes
// itself (the Shape Detection API's BarcodeDetector: Chrome on Android, macOS, ChromeOS). Elsewhere
// the button never shows and typing the code is the way; no decoding library is shipped for it.

export interface DetectedBarcode {
  readonly rawValue: string;
}

export interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<readonly DetectedBarcode[]>;
}

export interface BarcodeDetectorClass {
  new (options?: { formats?: string[] }): BarcodeDetectorLike;
  getSupportedFormats?(): Promise<string[]>;
}

/** The parts of `window` the camera scan needs; tests pass a plain object. */
export interface CameraHost {
  readonly isSecureContext?: boolean;
  readonly BarcodeDetector?: BarcodeDetectorClass;
  readonly navigator?: { readonly mediaDevices?: { readonly getUserMedia?: unknown } };
}

/** True only when the camera can be asked for and QR codes can be read; never throws. */
export async function cameraScanSupported(host: CameraHost): Promise<boolean> {
  const Detector = host.BarcodeDetector;
  if (!host.isSecureContext || !Detector || typeof host.navigator?.mediaDevices?.getUserMedia !== "function")
    return false;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? [];
    return formats.includes("qr_code");
  } catch {
    return false;
  }
}

export function barcodeDetector(host: CameraHost): BarcodeDetectorLike | undefined {
  try {
    return host.BarcodeDetector ? new host.BarcodeDetector({ formats: ["qr_code"] }) : undefined;
  } catch {
    return undefined;
  }
}
