// Delete after a question; refine invalidates the resource's lists on success. The delete is the
// page's one useDelete (RecordMutationsProvider): a list shows this button on every row.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { RecordId } from "../../api/endpoint-call";
import { GuardedButton } from "./GuardedButton";
import { RecordMutationsScope, useRecordMutations } from "./RecordMutationsProvider";
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

export function DeleteRecordButton(props: DeleteRecordButtonProps) {
  return (
    <RecordMutationsScope>
      <DeleteRecordControl {...props} />
    </RecordMutationsScope>
  );
}

function DeleteRecordControl({
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
  const { deleteRecord } = useRecordMutations();
  const [deleting, setDeleting] = useState(false);
  const remove = () => {
    setDeleting(true);
    deleteRecord(resource, id).then(
      () => {
        setDeleting(false);
        onDeleted?.();
      },
      // refine's useDelete has reported the failure already.
      () => setDeleting(false),
    );
  };
  return (
    <GuardedButton
      button={button}
      danger
      size={size}
      type={type}
      disabled={disabled}
      loading={deleting}
      confirm={t(confirmKey ?? "screens.list.confirmDelete")}
      onConfirm={remove}
    >
      {t(button.titleKey || "screens.list.delete")}
    </GuardedButton>
  );
}
