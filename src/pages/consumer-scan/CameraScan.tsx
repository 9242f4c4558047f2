// spec §2 /c: a "scan the QR code" button where the browser can read QR codes from the camera
// (camera-scan.ts); nothing at all where it cannot, so the page degrades to typing the code.
import { CameraOutlined } from "@ant-design/icons";
import { Alert, Button } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { barcodeDetector, cameraScanSupported, type CameraHost } from "./camera-scan";

/** How often a frame is read while the camera is open. */
const FRAME_INTERVAL_MS = 250;

const host = (): CameraHost => window;

export function CameraScan({ onRead }: { readonly onRead: (text: string) => void }) {
  const { t } = useTranslation();
  const [supported, setSupported] = useState(false);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void cameraScanSupported(host()).then((ok) => live && setSupported(ok));
    return () => {
      live = false;
    };
  }, []);

  if (!supported) return null;
  return (
    <div className="scan-camera">
      {failed && <Alert type="warning" showIcon message={t("consumerScan.entry.cameraFailed")} />}
      {open ? (
        <>
          <p className="public-scan-hint">{t("consumerScan.entry.scanHint")}</p>
          <CameraView
            onRead={(text) => {
              setOpen(false);
              onRead(text);
            }}
            onFail={() => {
              setOpen(false);
              setFailed(true);
            }}
          />
          <Button block size="large" onClick={() => setOpen(false)}>
            {t("consumerScan.entry.cancel")}
          </Button>
        </>
      ) : (
        !failed && (
          <Button block size="large" icon={<CameraOutlined />} onClick={() => setOpen(true)}>
            {t("consumerScan.entry.scan")}
          </Button>
        )
      )}
    </div>
  );
}

function CameraView({ onRead, onFail }: { readonly onRead: (text: string) => void; readonly onFail: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  // The latest callbacks, so that the camera is opened once per view, not once per render.
  const handlers = useRef({ onRead, onFail });
  useEffect(() => {
    handlers.current = { onRead, onFail };
  });

  useEffect(() => {
    const element = video.current;
    let stopped = false;
    let stream: MediaStream | undefined;
    const release = () => stream?.getTracks().forEach((track) => track.stop());
    let timer: ReturnType<typeof setTimeout> | undefined;
    const detector = barcodeDetector(host());
    const readFrame = async () => {
      if (stopped || !element || !detector) return;
      try {
        const text = (await detector.detect(element)).find((code) => code.rawValue)?.rawValue;
        if (text && !stopped) return handlers.current.onRead(text);
      } catch {
        // the first frames may not be ready yet; try the next one
      }
      if (!stopped) timer = setTimeout(() => void readFrame(), FRAME_INTERVAL_MS);
    };
    // Every failure is caught inside and offers typing instead, so nothing waits on it.
    void (async () => {
      try {
        if (!detector || !element) throw new Error("no QR detector");
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        if (stopped) return release(); // closed while the browser was asking for permission
        element.srcObject = stream;
        await element.play();
        void readFrame();
      } catch {
        if (!stopped) handlers.current.onFail(); // no permission, no camera, or it is busy
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      release();
      if (element) element.srcObject = null;
    };
  }, []);

  return <video ref={video} muted playsInline aria-hidden />;
}
