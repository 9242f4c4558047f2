// What every domain action's button receives; ActionButton picks the call, download or upload button
// by the action's kind, and each of those reads the same props.
import type { FieldConfig } from "../../../schema/contract/screen-config";
import type { RecordId } from "../../api/endpoint-call";
import type { Row } from "./list-columns";
import type { ActionButtonSpec } from "./screen-buttons";

export interface ActionButtonProps extends ActionButtonSpec {
  resource: string;
  /** The row's id for row actions. */
  recordId?: RecordId;
  /** The row, for a download's inputs and its file's name. */
  record?: Row;
  /** The record's label (the resource's labelField), for a downloaded file's name. */
  recordLabel?: string;
  /** The resource's fields, for an upload's form. */
  fields?: readonly FieldConfig[];
  size?: "small" | "middle";
  type?: "link" | "default";
  onDone?: () => void;
}
