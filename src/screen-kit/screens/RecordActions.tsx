// The domain actions of one record (the manifest's row-scoped actions: a call, a rule-owned step, a
// download, an upload) that apply to it by their `when`, each behind its button's permission code:
// a list's row and the record's show screen offer the same buttons, so none is written by hand.
import { ActionButton } from "./ActionButton";
import type { ActionButtonProps } from "./action-button-props";
import type { Row } from "./list-columns";
import { actionApplies, actionButtons } from "./screen-buttons";
import type { ScreenConfig } from "../../../schema/contract/screen-config";
import type { RecordId } from "../../api/endpoint-call";
import { valueText } from "../../utils/value-text";

interface RecordActionsProps extends Pick<ActionButtonProps, "size" | "type" | "onDone"> {
  config: ScreenConfig;
  record: Row;
  id: RecordId;
}

export function RecordActions({ config, record, id, ...look }: RecordActionsProps) {
  return actionButtons(config, "row")
    .filter(({ action }) => actionApplies(action, record))
    .map((spec) => (
      <ActionButton
        key={spec.action.name}
        {...spec}
        {...look}
        resource={config.resource}
        recordId={id}
        record={record}
        recordLabel={valueText(record[config.labelField] ?? id)}
        fields={config.fields}
      />
    ));
}
