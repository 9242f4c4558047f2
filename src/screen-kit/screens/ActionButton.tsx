// A domain action (close an order, reset a password…): asks first when the manifest says so,
// calls its endpoint, reports the outcome and refreshes the data. When the server asks to confirm
// a consequence only it can see (schema/contract/confirmation.ts), shows it and, once confirmed,
// repeats the call with confirm: true.
import { useInvalidate, useNotification } from "@refinedev/core";
import { App } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CONFIRM_FIELD, confirmationAsked } from "../../../schema/contract/confirmation";
import { ApiError } from "../../api/http-client";
import { callEndpoint, toHttpMethod, toIdValue, type RecordId } from "../../api/endpoint-call";
import { GuardedButton } from "./GuardedButton";
import type { ActionButtonSpec } from "./screen-buttons";

interface ActionButtonProps extends ActionButtonSpec {
  resource: string;
  /** The row's id for row actions. */
  recordId?: RecordId;
  size?: "small" | "middle";
  type?: "link" | "default";
  onDone?: () => void;
}

export function ActionButton({
  action,
  button,
  resource,
  recordId,
  size,
  type = "default",
  onDone,
}: ActionButtonProps) {
  const { t } = useTranslation();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const { modal } = App.useApp();
  const [running, setRunning] = useState(false);

  const run = async (confirmed = false) => {
    setRunning(true);
    try {
      const params = {
        ...(action.scope === "row" && recordId !== undefined ? { id: toIdValue(recordId) } : {}),
        ...(confirmed ? { [CONFIRM_FIELD]: true } : {}),
      };
      await callEndpoint({ method: toHttpMethod(action.method), path: action.path }, params);
      open?.({ type: "success", message: t("screens.list.actionDone"), key: `${action.name}-${recordId ?? ""}` });
      await invalidate({ resource, invalidates: ["list", "many", "detail"], id: recordId });
      onDone?.();
    } catch (error) {
      const asked = error instanceof ApiError && !confirmed ? confirmationAsked(error.statusCode, error.errors) : undefined;
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
      onConfirm={() => run()}
      onClick={action.confirmKey ? undefined : () => run()}
    >
      {t(button.titleKey || action.titleKey)}
    </GuardedButton>
  );
}
