// A generated detail screen: the record of the route's :id, with edit, the record's actions (each
// guarded by its button's permission code) and back.
import { useOne } from "@refinedev/core";
import { Alert, Button, Card, Space, Spin } from "antd";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import type { RecordLike } from "../fields/display-value";
import { GuardedButton } from "./GuardedButton";
import { RecordDescriptions } from "./RecordDescriptions";
import { RecordActions } from "./RecordActions";
import { RecordGallery } from "./RecordGallery";
import { buttonFor } from "./screen-buttons";
import type { ScreenConfig } from "../../../schema/contract/screen-config";
import { useScreenNavigation } from "./use-screen-navigation";
import { usePublishViewTitle, viewTitleText } from "../screen-host";

export function ShowScreen({ config }: { config: ScreenConfig }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const { go } = useScreenNavigation(config);
  const { query, result } = useOne<RecordLike>({
    resource: config.resource,
    id: id ?? "",
    queryOptions: { enabled: id !== undefined },
  });
  const title = usePublishViewTitle("show", config.titleKey, result?.[config.labelField]);
  const edit = go("edit", id);
  const editButton = buttonFor(config, "edit");
  const back = go("list");
  const buttons = (
    <Space wrap style={{ marginBottom: 16 }}>
      {edit && editButton && (
        <GuardedButton button={editButton} type="primary" onClick={edit}>
          {t(editButton.titleKey || "screens.list.edit")}
        </GuardedButton>
      )}
      {result && id !== undefined && <RecordActions config={config} record={result} id={id} />}
      {back && <Button onClick={back}>{t("screens.common.back")}</Button>}
    </Space>
  );
  return (
    <Card title={viewTitleText(t, title)}>
      {buttons}
      <Spin spinning={query.isLoading}>
        {query.isError && <Alert type="error" showIcon message={query.error.message} />}
        {result && <RecordDescriptions fields={config.fields} record={result} />}
        {result && <RecordGallery config={config} record={result} />}
        {!result && query.isSuccess && <Alert type="warning" showIcon message={t("screens.form.noRecord")} />}
      </Spin>
    </Card>
  );
}
