// A URL as a label carries it (a code's consumer URL, as the server answers it): a QR code drawn in
// the browser by the qrcode package, with the URL itself beside it.
import { Image, Space, Typography } from "antd";
import QRCode from "qrcode";
import { useEffect, useState } from "react";

/** `testId` names both parts: <testId>-qr the image, <testId>-url the URL. */
export function QrSection({ url, testId = "lookup" }: { url: string; testId?: string }) {
  const [image, setImage] = useState<string | undefined>();
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(url, { margin: 1, width: 160, errorCorrectionLevel: "M" })
      .then((data) => current && setImage(data))
      .catch(() => current && setImage(undefined));
    return () => {
      current = false;
    };
  }, [url]);
  return (
    <Space direction="vertical" size={4}>
      {image && <Image data-testid={`${testId}-qr`} src={image} alt={url} width={160} height={160} preview={false} />}
      <Typography.Link href={url} target="_blank" rel="noreferrer" copyable data-testid={`${testId}-url`}>
        {url}
      </Typography.Link>
    </Space>
  );
}
