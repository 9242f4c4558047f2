// Export the filtered, sorted list as CSV with translated headers and display values.
import { useExport, type CrudFilter, type CrudSort } from "@refinedev/core";
import { DownloadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { MAX_PAGE_SIZE } from "../../api/list-query";
import { displayText, type RecordLike } from "../fields/display-value";
import { GuardedButton } from "./GuardedButton";
import type { ButtonConfig, ScreenConfig } from "../../../schema/contract/screen-config";

/** Keeps an export from walking an endless list. */
const MAX_EXPORT_ROWS = 10000;

interface ExportRecordsButtonProps {
  config: ScreenConfig;
  button: ButtonConfig;
  filters: CrudFilter[];
  sorters: CrudSort[];
}

export function ExportRecordsButton({ config, button, filters, sorters }: ExportRecordsButtonProps) {
  const { t } = useTranslation();
  const columns = config.fields.filter((field) => field.column);
  const { triggerExport, isLoading } = useExport<RecordLike>({
    resource: config.resource,
    filters,
    sorters,
    pageSize: MAX_PAGE_SIZE,
    maxItemCount: MAX_EXPORT_ROWS,
    filename: t(config.titleKey),
    mapData: (record) => Object.fromEntries(columns.map((field) => [t(field.labelKey), displayText(field, record, t)])),
  });
  return (
    <GuardedButton button={button} icon={<DownloadOutlined />} loading={isLoading} onClick={() => void triggerExport()}>
      {t(button.titleKey || "screens.list.export")}
    </GuardedButton>
  );
}
