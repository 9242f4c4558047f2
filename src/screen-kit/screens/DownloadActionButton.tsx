// A download action (manifest kind: download): makes the declared GET call with inputs from the
// record (its `params`) and saves the answer: a file as the server names it, a JSON document (an
// envelope's data, e.g. EPCIS) as <record>-<action>.json. A refusal is a notification naming it.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, requestFile } from "../../api/http-client";
import { saveFile } from "../../utils/save-file";
import type { ActionButtonProps } from "./action-button-props";
import { GuardedButton } from "./GuardedButton";
import { useRecordMutations } from "./RecordMutationsProvider";
import { downloadInputs } from "./screen-buttons";

export function DownloadActionButton({
  action,
  button,
  record,
  recordId,
  recordLabel,
  size,
  type = "default",
}: ActionButtonProps) {
  const { t } = useTranslation();
  const { notify: open } = useRecordMutations();
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    try {
      const file = await requestFile(
        { path: action.path, query: downloadInputs(action, record ?? {}) },
        () => undefined,
      );
      saveFile(file.blob, file.fileName ?? `${recordLabel ?? recordId ?? action.name}-${action.name}.json`);
    } catch (error) {
      if (error instanceof ApiError && error.sessionEnded) return;
      open?.({
        type: "error",
        message: t(action.titleKey),
        description: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setRunning(false);
    }
  };

  return (
    <GuardedButton button={button} size={size} type={type} loading={running} onClick={() => void run()}>
      {t(button.titleKey || action.titleKey)}
    </GuardedButton>
  );
}
