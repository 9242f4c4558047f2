// manifest gallery: a record's files (evidence photos) on its detail and edit screens — each shown
// through the image call (read with the session's Token header, never a token in the address), with
// its name, size, SHA-256, who uploaded it and when — and, while uploadWhile holds for the record
// and the account holds the edit button, an upload of more (the contract's multipart call).
import { PlusOutlined } from "@ant-design/icons";
import { App, Card, Empty, Image, Space, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { callMultipart } from "../../api/endpoint-call";
import { ApiError, request, requestFile } from "../../api/http-client";
import type { RecordLike } from "../fields/display-value";
import type { ScreenConfig } from "../../../schema/contract/screen-config";
import { GuardedButton } from "./GuardedButton";
import { actionApplies, buttonFor } from "./screen-buttons";
import { businessTimeText } from "../../utils/business-time";

interface Photo {
  readonly id: number;
  readonly file_name: string;
  readonly size: number;
  readonly sha256: string;
  readonly uploaded_by: string | null;
  readonly uploaded_at: string;
}

type Gallery = NonNullable<ScreenConfig["gallery"]>;

function Thumbnail({ gallery, photo }: { gallery: Gallery; photo: Photo }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const abort = new AbortController();
    let made: string | undefined;
    requestFile(
      { path: gallery.imagePath, query: { [gallery.imageParam]: photo.id }, signal: abort.signal },
      () => undefined,
    ).then(
      (file) => setUrl((made = URL.createObjectURL(file.blob))),
      () => undefined,
    );
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [gallery, photo.id]);
  return (
    <Card size="small" style={{ width: 200 }} data-testid="gallery-photo" data-sha256={photo.sha256}>
      <Image src={url} alt={photo.file_name} width={176} height={132} style={{ objectFit: "cover" }} />
      <Typography.Text ellipsis style={{ display: "block" }}>
        {photo.file_name} · {(photo.size / 1024).toFixed(1)} KB
      </Typography.Text>
      <Typography.Text type="secondary" copyable={{ text: photo.sha256 }} style={{ fontSize: 12 }}>
        SHA-256 {photo.sha256.slice(0, 12)}…
      </Typography.Text>
      <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
        {t("screens.gallery.uploadedBy", {
          name: photo.uploaded_by ?? "-",
          time: businessTimeText(Date.parse(photo.uploaded_at)),
        })}
      </Typography.Text>
    </Card>
  );
}

export function RecordGallery({ config, record }: { config: ScreenConfig; record: RecordLike }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const gallery = config.gallery;
  const recordId = record.id as number | undefined;
  const [photos, setPhotos] = useState<readonly Photo[]>();
  const [uploading, setUploading] = useState(false);
  const [version, setVersion] = useState(0);
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!gallery || recordId === undefined) return;
    const abort = new AbortController();
    request<Photo[]>({
      method: "GET",
      path: gallery.listPath,
      query: { [gallery.recordParam]: recordId },
      signal: abort.signal,
    }).then(setPhotos, (error) => {
      if (!abort.signal.aborted && !(error instanceof ApiError && error.sessionEnded))
        void message.error(t("screens.gallery.loadFailed"));
    });
    return () => abort.abort();
  }, [gallery, recordId, version, message, t]);
  if (!gallery || recordId === undefined) return null;
  const canUpload = gallery.uploadPath !== undefined && actionApplies({ when: gallery.uploadWhile }, record);
  const upload = async (files: readonly File[]) => {
    if (!files.length || !gallery.uploadPath) return;
    setUploading(true);
    try {
      await callMultipart({ method: "POST", path: gallery.uploadPath }, { [gallery.recordParam]: recordId }, files);
      void message.success(t("screens.gallery.added"));
      setVersion((current) => current + 1);
    } catch (error) {
      if (!(error instanceof ApiError && error.sessionEnded))
        void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setUploading(false);
      if (picker.current) picker.current.value = "";
    }
  };
  return (
    <Card size="small" title={t("screens.gallery.title")} style={{ marginTop: 16 }} data-testid="record-gallery">
      {canUpload && (
        <>
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            accept={gallery.accept}
            data-testid="gallery-input"
            onChange={(event) => void upload([...(event.target.files ?? [])])}
          />
          <GuardedButton
            button={buttonFor(config, "edit")}
            icon={<PlusOutlined />}
            loading={uploading}
            onClick={() => picker.current?.click()}
            style={{ marginBottom: 12 }}
          >
            {t("screens.gallery.add")}
          </GuardedButton>
        </>
      )}
      {photos && photos.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("screens.gallery.empty")} />
      )}
      <Space wrap align="start">
        {photos?.map((photo) => (
          <Thumbnail key={photo.id} gallery={gallery} photo={photo} />
        ))}
      </Space>
    </Card>
  );
}
