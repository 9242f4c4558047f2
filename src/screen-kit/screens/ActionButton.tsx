// A domain action's button. A call action (close an order, reset a password…) asks first when the
// manifest says so, calls its endpoint, reports the outcome and refreshes the data; when the server
// asks to confirm a consequence only it can see (schema/contract/confirmation.ts), it shows it and,
// once confirmed, repeats the call with confirm: true. An answer holding a secret shown once (a
// partner client's new API key) opens a dialog with it instead of the brief notice. Download and
// upload actions have their own buttons (DownloadActionButton, UploadActionButton).
import { App } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CONFIRM_FIELD, confirmationAsked } from "../../../schema/contract/confirmation";
import { shownOnce } from "../../../schema/contract/shown-once";
import { ApiError } from "../../api/http-client";
import { callEndpoint, toHttpMethod, toIdValue } from "../../api/endpoint-call";
import type { ActionButtonProps } from "./action-button-props";
import { DownloadActionButton } from "./DownloadActionButton";
import { GuardedButton } from "./GuardedButton";
import { RecordMutationsScope, useRecordMutations } from "./RecordMutationsProvider";
import { UploadActionButton } from "./UploadActionButton";
import { ShownOnceSecrets } from "./ShownOnceSecrets";

// The refine hooks are the page's (RecordMutationsProvider): a list shows these on every row.
export function ActionButton(props: ActionButtonProps) {
  return (
    <RecordMutationsScope>
      {props.action.kind === "download" ? (
        <DownloadActionButton {...props} />
      ) : props.action.kind === "upload" ? (
        <UploadActionButton {...props} />
      ) : (
        <CallActionButton {...props} />
      )}
    </RecordMutationsScope>
  );
}

function CallActionButton({ action, button, resource, recordId, size, type = "default", onDone }: ActionButtonProps) {
  const { t } = useTranslation();
  const { notify: open, invalidate } = useRecordMutations();
  const { modal } = App.useApp();
  const [running, setRunning] = useState(false);

  const run = async (confirmed = false) => {
    setRunning(true);
    try {
      const params = {
        ...(action.scope === "row" && recordId !== undefined ? { id: toIdValue(recordId) } : {}),
        ...(confirmed ? { [CONFIRM_FIELD]: true } : {}),
      };
      const answer = await callEndpoint<unknown>({ method: toHttpMethod(action.method), path: action.path }, params);
      const secrets = shownOnce(answer);
      if (secrets.length)
        modal.info({
          title: t("screens.list.shownOnceTitle"),
          content: <ShownOnceSecrets secrets={secrets} />,
          width: 560,
        });
      else open?.({ type: "success", message: t("screens.list.actionDone"), key: `${action.name}-${recordId ?? ""}` });
      await invalidate({ resource, invalidates: ["list", "many", "detail"], id: recordId });
      onDone?.();
    } catch (error) {
      const asked =
        error instanceof ApiError && !confirmed ? confirmationAsked(error.statusCode, error.errors) : undefined;
      if (asked) {
        modal.confirm({ title: t(action.titleKey), content: asked, onOk: () => run(true) });
        return;
      }
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
    <GuardedButton
      button={button}
      size={size}
      type={type}
      loading={running}
      confirm={action.confirmKey ? t(action.confirmKey) : undefined}
      onConfirm={() => void run()}
      onClick={action.confirmKey ? undefined : () => void run()}
    >
      {t(button.titleKey || action.titleKey)}
    </GuardedButton>
  );
}
