// Delete after a question; refine invalidates the resource's lists on success.
import { useDelete } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { RecordId } from "../../api/endpoint-call";
import { GuardedButton } from "./GuardedButton";
import type { ButtonConfig } from "../../../schema/contract/screen-config";

interface DeleteRecordButtonProps {
  resource: string;
  id: RecordId;
  button: ButtonConfig;
  confirmKey?: string;
  size?: "small" | "middle";
  type?: "link" | "default";
  disabled?: boolean;
  onDeleted?: () => void;
}

export function DeleteRecordButton({
  resource,
  id,
  button,
  confirmKey,
  size,
  type = "link",
  disabled,
  onDeleted,
}: DeleteRecordButtonProps) {
  const { t } = useTranslation();
  const { mutate, mutation } = useDelete();
  return (
    <GuardedButton
      button={button}
      danger
      size={size}
      type={type}
      disabled={disabled}
      loading={mutation.isPending}
      confirm={t(confirmKey ?? "screens.list.confirmDelete")}
      onConfirm={() => mutate({ resource, id }, { onSuccess: () => onDeleted?.() })}
    >
      {t(button.titleKey || "screens.list.delete")}
    </GuardedButton>
  );
}
