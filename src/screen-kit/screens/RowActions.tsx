// The buttons of one row: show, edit, delete, then the row-scoped domain actions that apply to it.
import { Button, Space } from "antd";
import { useTranslation } from "react-i18next";
import { DeleteRecordButton } from "./DeleteRecordButton";
import { GuardedButton } from "./GuardedButton";
import type { Row } from "./list-columns";
import { RecordActions } from "./RecordActions";
import { buttonFor } from "./screen-buttons";
import type { ScreenConfig } from "../../../schema/contract/screen-config";
import { useScreenNavigation } from "./use-screen-navigation";

interface RowActionsProps {
  config: ScreenConfig;
  record: Row;
  /** Query screens offer no edit or delete. */
  readOnly: boolean;
}

export function RowActions({ config, record, readOnly }: RowActionsProps) {
  const { t } = useTranslation();
  const { go } = useScreenNavigation(config);
  const id = record.id;
  if (id === undefined) return null;
  const show = go("show", id);
  const edit = readOnly ? undefined : go("edit", id);
  const editButton = buttonFor(config, "edit");
  const deleteButton = readOnly ? undefined : buttonFor(config, "delete");
  return (
    <Space size={0} wrap>
      {/* Reading is granted by the route itself: show has no button code. */}
      {show && (
        <Button type="link" size="small" onClick={show}>
          {t("screens.list.show")}
        </Button>
      )}
      {edit && editButton && (
        <GuardedButton button={editButton} type="link" size="small" onClick={edit}>
          {t(editButton.titleKey || "screens.list.edit")}
        </GuardedButton>
      )}
      {deleteButton && <DeleteRecordButton resource={config.resource} id={id} button={deleteButton} size="small" />}
      <RecordActions config={config} record={record} id={id} size="small" type="link" />
    </Space>
  );
}
