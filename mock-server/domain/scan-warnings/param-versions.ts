// 预警参数 are versioned: an update that changes a parameter's values writes one
// warning_param_changes row per changed field (who, when, old → new) and raises the parameter's
// version, in the update's transaction. Rules read the parameter as it is now, so a change applies
// from then on; a warning keeps the value and version it was raised under.
import type { ChainContext } from "../chain-context";
import { cellText } from "../../db/cell-text";
import type { Row } from "../../resources/row-codec";

export const PARAM_CHANGES = "warning_param_changes";
const UNVERSIONED = new Set(["id", "version", "created_at", "updated_at", "remark"]);

/** Before parameter `id` is updated with `input`: the changes it makes, recorded as made by `changedBy`. */
export async function recordParamChanges(
  ctx: ChainContext,
  id: number,
  input: Readonly<Row>,
  changedBy: string | null,
): Promise<void> {
  const params = ctx.catalog.info("warning_params");
  const log = ctx.catalog.find(PARAM_CHANGES);
  const before = await ctx.records.row(params, id);
  if (!before || !log) return;
  const changed = Object.entries(input).filter(
    ([field, value]) =>
      !UNVERSIONED.has(field) &&
      params.byName.has(field) &&
      value !== undefined &&
      cellText(value) !== cellText(before[field]),
  );
  if (!changed.length) return;
  const version = Number(before.version ?? 1) + 1;
  const at = ctx.records.now();
  for (const [field, value] of changed)
    await ctx.records.insert(log, {
      param_id: id,
      version,
      field,
      old_value: before[field] == null ? null : cellText(before[field]).slice(0, 200),
      new_value: value == null ? null : cellText(value).slice(0, 200),
      changed_by: changedBy,
      changed_at: at,
    });
  await ctx.records.update(params, id, { version });
}
