// A one-record screen (e.g. 维护企业): load the singleton, edit it, save it in place.
import { useForm } from "@refinedev/antd";
import { useTranslation } from "react-i18next";
import type { RecordLike } from "../fields/display-value";
import { RecordFormCard } from "./RecordFormCard";
import { buttonFor } from "./screen-buttons";
import type { ScreenConfig } from "../../../schema/contract/screen-config";

/** refine's edit form wants an id; a singleton (meta.singleton) is read and saved without one. */
export const SINGLETON_ID = "singleton";

export function FormScreen({ config }: { config: ScreenConfig }) {
  const { t } = useTranslation();
  const { formProps, saveButtonProps, formLoading, query } = useForm<RecordLike>({
    action: "edit",
    resource: config.resource,
    id: SINGLETON_ID,
    redirect: false,
  });
  return (
    <RecordFormCard
      config={config}
      title={t(config.titleKey)}
      formProps={formProps}
      saveButtonProps={saveButtonProps}
      saveButton={buttonFor(config, "edit")}
      loading={formLoading}
      record={query?.data?.data}
    />
  );
}
