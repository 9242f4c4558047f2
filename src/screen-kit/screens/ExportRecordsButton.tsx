// Export the filtered, sorted list. A list the server exports (config.exportPath) is
// streamed from the server as CSV or XLSX, every row, with its progress on the button; the server
// checks the export permission and logs the export. A list without one (reports) falls back to a
// client-side CSV of at most MAX_CLIENT_ROWS rows.
import { useExport, type CrudFilter, type CrudSort } from "@refinedev/core";
import { DownloadOutlined } from "@ant-design/icons";
import { App, Button, Dropdown, type MenuProps } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_PAGE_SIZE, filtersToQuery, sortersToParam } from "../../api/list-query";
import { saveFile } from "../../utils/save-file";
import { ApiError, requestFile, type FileProgress } from "../../api/http-client";
import { displayText, type RecordLike } from "../fields/display-value";
import { Permission } from "../../permission/Permission";
import { GuardedButton } from "./GuardedButton";
import type { ButtonConfig, ScreenConfig } from "../../../schema/contract/screen-config";

/** Keeps a client-side export from walking an endless list. */
const MAX_CLIENT_ROWS = 10000;

interface ExportRecordsButtonProps {
  config: ScreenConfig;
  button: ButtonConfig;
  filters: CrudFilter[];
  sorters: CrudSort[];
}

function ServerExportButton({
  config,
  button,
  filters,
  sorters,
}: ExportRecordsButtonProps & { config: ScreenConfig & { exportPath: string } }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [progress, setProgress] = useState<FileProgress | undefined>();
  const running = useRef<AbortController | undefined>(undefined);

  const run = async (format: "csv" | "xlsx") => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setProgress({ bytes: 0 });
    try {
      const query = {
        ...filtersToQuery(filters),
        sort: sortersToParam(sorters),
        format,
        lang: i18n.language.slice(0, 2),
      };
      const file = await requestFile({ path: config.exportPath, query, signal: controller.signal }, setProgress);
      saveFile(file.blob, file.fileName ?? `${t(config.titleKey)}.${format}`);
    } catch (error) {
      if (!(error instanceof ApiError && error.sessionEnded))
        message.error(error instanceof Error ? error.message : String(error));
    } finally {
      running.current = undefined;
      setProgress(undefined);
    }
  };

  const label = t(button.titleKey || "screens.list.export");
  const shown =
    progress === undefined
      ? label
      : progress.fraction !== undefined
        ? t("screens.list.exportProgress", { percent: Math.floor(progress.fraction * 100) })
        : t("screens.list.exportBytes", { mb: (progress.bytes / 2 ** 20).toFixed(1) });
  const items: MenuProps["items"] = [
    { key: "csv", label: t("screens.list.exportCsv") },
    { key: "xlsx", label: t("screens.list.exportXlsx") },
  ];
  return (
    <Permission codes={[button.code]}>
      <Dropdown
        menu={{ items, onClick: ({ key }) => void run(key as "csv" | "xlsx") }}
        disabled={progress !== undefined}
        trigger={["click"]}
      >
        <Button icon={<DownloadOutlined />} loading={progress !== undefined}>
          {shown}
        </Button>
      </Dropdown>
    </Permission>
  );
}

function ClientExportButton({ config, button, filters, sorters }: ExportRecordsButtonProps) {
  const { t } = useTranslation();
  const columns = config.fields.filter((field) => field.column);
  const { triggerExport, isLoading } = useExport<RecordLike>({
    resource: config.resource,
    filters,
    sorters,
    pageSize: MAX_PAGE_SIZE,
    maxItemCount: MAX_CLIENT_ROWS,
    filename: t(config.titleKey),
    mapData: (record) => Object.fromEntries(columns.map((field) => [t(field.labelKey), displayText(field, record, t)])),
  });
  return (
    <GuardedButton button={button} icon={<DownloadOutlined />} loading={isLoading} onClick={() => void triggerExport()}>
      {t(button.titleKey || "screens.list.export")}
    </GuardedButton>
  );
}

export function ExportRecordsButton(props: ExportRecordsButtonProps) {
  const { exportPath } = props.config;
  return exportPath ? (
    <ServerExportButton {...props} config={{ ...props.config, exportPath }} />
  ) : (
    <ClientExportButton {...props} />
  );
}
