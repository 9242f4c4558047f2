// A generated create screen: a form that starts from the manifest's defaults and what the address
// gives (start-values.ts); after saving, back to the list.
import { useForm } from "@refinedev/antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { RecordFormCard } from "./RecordFormCard";
import { buttonFor } from "./screen-buttons";
import type { ScreenConfig } from "../../../schema/contract/screen-config";
import { startValues } from "./start-values";
import { useKeptFormInput } from "./use-kept-form-input";
import { useScreenNavigation } from "./use-screen-navigation";
import { usePublishViewTitle, viewTitleText } from "../screen-host";

type FormConfig = NonNullable<Parameters<typeof useForm>[0]>;

export function CreateScreen({ config }: { config: ScreenConfig }) {
  const title = usePublishViewTitle("create", config.titleKey, undefined);
  const { t } = useTranslation();
  const { go } = useScreenNavigation(config);
  const back = go("list");
  // a new record starts from the manifest's defaults (a status starts "enabled") and the address's values
  const [address] = useSearchParams();
  const [defaults] = useState(() => startValues(config.fields, address));
  const { formProps, saveButtonProps, formLoading, form } = useForm({
    action: "create",
    resource: config.resource,
    redirect: false,
    // sunflower-antd types a form value without lists of records, which rows (antd's Form.List) are
    defaultFormValues: defaults as FormConfig["defaultFormValues"],
    onMutationSuccess: () => {
      kept.forget();
      back?.();
    },
  });
  const kept = useKeptFormInput(form, formProps);
  return (
    <RecordFormCard
      config={config}
      title={viewTitleText(t, title)}
      formProps={kept.formProps}
      saveButtonProps={saveButtonProps}
      saveButton={buttonFor(config, "create")}
      loading={formLoading}
      onBack={back}
    />
  );
}
