// A generated create screen: an empty form; after saving, back to the list.
import { useForm } from "@refinedev/antd";
import { useTranslation } from "react-i18next";
import { RecordFormCard } from "./RecordFormCard";
import { buttonFor } from "./screen-buttons";
import type { ScreenConfig } from "../../../schema/contract/screen-config";
import { useKeptFormInput } from "./use-kept-form-input";
import { useScreenNavigation } from "./use-screen-navigation";
import { usePublishViewTitle } from "../../state/view-titles";

export function CreateScreen({ config }: { config: ScreenConfig }) {
  usePublishViewTitle("create", config.titleKey, undefined);
  const { t } = useTranslation();
  const { go } = useScreenNavigation(config);
  const back = go("list");
  // a new record starts from the manifest's defaults (a status starts "enabled")
  const defaults: Record<string, string | number | boolean> = Object.fromEntries(
    config.fields
      .filter((field) => field.inForm && field.default !== undefined)
      .map((field) => [field.name, field.default!]),
  );
  const { formProps, saveButtonProps, formLoading, form } = useForm({
    action: "create",
    resource: config.resource,
    redirect: false,
    defaultFormValues: defaults,
    onMutationSuccess: () => {
      kept.forget();
      back?.();
    },
  });
  const kept = useKeptFormInput(form, formProps);
  return (
    <RecordFormCard
      config={config}
      title={`${t(config.titleKey)} · ${t("screens.list.create")}`}
      formProps={kept.formProps}
      saveButtonProps={saveButtonProps}
      saveButton={buttonFor(config, "create")}
      loading={formLoading}
      onBack={back}
    />
  );
}
