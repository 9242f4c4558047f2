// A generated edit screen: the record of the route's :id in a form; server field errors land on the fields.
import { useForm } from "@refinedev/antd";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import type { RecordLike } from "../fields/display-value";
import { RecordFormCard } from "./RecordFormCard";
import { buttonFor } from "./screen-buttons";
import type { ScreenConfig } from "../../../schema/contract/screen-config";
import { useKeptFormInput } from "./use-kept-form-input";
import { useScreenNavigation } from "./use-screen-navigation";
import { usePublishViewTitle, viewTitleText } from "../screen-host";

export function EditScreen({ config }: { config: ScreenConfig }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const { go } = useScreenNavigation(config);
  const back = go("list");
  const { formProps, saveButtonProps, formLoading, query, form } = useForm<RecordLike>({
    action: "edit",
    resource: config.resource,
    id,
    redirect: false,
    onMutationSuccess: () => {
      kept.forget();
      (go("show", id) ?? back)?.();
    },
  });
  const kept = useKeptFormInput(form, formProps, query?.data?.data, id);
  const title = usePublishViewTitle("edit", config.titleKey, query?.data?.data?.[config.labelField]);
  return (
    <RecordFormCard
      config={config}
      title={viewTitleText(t, title)}
      formProps={kept.formProps}
      saveButtonProps={saveButtonProps}
      saveButton={buttonFor(config, "edit")}
      loading={formLoading}
      record={query?.data?.data}
      onBack={back}
    />
  );
}
