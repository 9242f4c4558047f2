// The station's camera, for sites without a scanner: a button opens the back camera's preview, and
// every code the browser's Barcode Detection API reads in it is fed into the same scan path as the
// scanner's keys. The camera is asked for only when the operator taps the button; where the browser
// cannot read codes, the button says so instead.
import { CameraOutlined } from "@ant-design/icons";
import { Alert, Button } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cameraSupport, createCameraFeed, createDetector } from "./camera-feed";

/** How often a frame of the preview is read: fast enough for a hand, light on a phone. */
const FRAME_MS = 150;

interface CameraScannerProps {
  readonly disabled?: boolean;
  readonly onScan: (text: string) => void;
}

function CameraPreview({ onScan, onFailure }: { onScan: (text: string) => void; onFailure: (reason: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const scan = useRef(onScan);
  useEffect(() => {
    scan.current = onScan;
  }, [onScan]);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let closed = false;
    void (async () => {
      try {
        const detector = await createDetector();
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: "environment" } },
          audio: false,
        });
        if (closed || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const feed = createCameraFeed(detector, (code) => scan.current(code));
        timer = window.setInterval(() => {
          const element = video.current;
          if (element && element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) void feed(element);
        }, FRAME_MS);
      } catch (error) {
        if (!closed) onFailure(error instanceof Error ? error.message : String(error));
      } finally {
        // Closed while the camera was still opening: it is let go at once.
        if (closed) stream?.getTracks().forEach((track) => track.stop());
      }
    })();
    return () => {
      closed = true;
      window.clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onFailure]);

  return (
    <figure className="station-camera">
      <video ref={video} aria-label={t("screens.station.camera.preview")} muted playsInline />
      <figcaption>{t("screens.station.camera.hint")}</figcaption>
    </figure>
  );
}

export function CameraScanner({ disabled, onScan }: CameraScannerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string>();
  const support = cameraSupport();
  const toggle = () => {
    setFailure(undefined);
    setOpen((was) => !was);
  };
  return (
    <>
      <Button icon={<CameraOutlined />} disabled={disabled} onClick={toggle} aria-pressed={open}>
        {open ? t("screens.station.camera.close") : t("screens.station.camera.open")}
      </Button>
      {open && support !== "ok" && (
        <Alert data-testid="station-camera" type="info" showIcon message={t("screens.station.camera.unsupported")} />
      )}
      {open && support === "ok" && failure !== undefined && (
        <Alert
          data-testid="station-camera"
          type="error"
          showIcon
          message={t("screens.station.camera.failed", { reason: failure })}
        />
      )}
      {open && support === "ok" && failure === undefined && !disabled && (
        <CameraPreview onScan={onScan} onFailure={setFailure} />
      )}
    </>
  );
}
