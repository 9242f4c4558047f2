// The buttons above a list: create, export and the collection-scoped domain actions.
import { PlusOutlined } from "@ant-design/icons";
import type { CrudFilter, CrudSort } from "@refinedev/core";
import { Space } from "antd";
import { useTranslation } from "react-i18next";
import { ActionButton } from "./ActionButton";
import { ExportRecordsButton } from "./ExportRecordsButton";
import { GuardedButton } from "./GuardedButton";
import { actionButtons, buttonFor } from "./screen-buttons";
import type { ScreenConfig } from "../../../schema/contract/screen-config";
import { useScreenNavigation } from "./use-screen-navigation";

interface ListToolbarProps {
  config: ScreenConfig;
  readOnly: boolean;
  filters: CrudFilter[];
  sorters: CrudSort[];
}

export function ListToolbar({ config, readOnly, filters, sorters }: ListToolbarProps) {
  const { t } = useTranslation();
  const { go } = useScreenNavigation(config);
  const create = readOnly ? undefined : go("create");
  const createButton = buttonFor(config, "create");
  const exportButton = buttonFor(config, "export");
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {create && createButton && (
        <GuardedButton button={createButton} type="primary" icon={<PlusOutlined />} onClick={create}>
          {t(createButton.titleKey || "screens.list.create")}
        </GuardedButton>
      )}
      {exportButton && (
        <ExportRecordsButton config={config} button={exportButton} filters={filters} sorters={sorters} />
      )}
      {actionButtons(config, "collection").map((spec) => (
        <ActionButton key={spec.action.name} {...spec} resource={config.resource} fields={config.fields} />
      ))}
    </Space>
  );
}
