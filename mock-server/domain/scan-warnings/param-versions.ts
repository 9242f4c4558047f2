// 预警参数 are versioned: an update that changes a parameter's values writes one
// warning_param_changes row per changed field (who, when, old → new) and raises the parameter's
// version, in the update's transaction. Rules read the parameter as it is now, so a change applies
// from then on; a warning keeps the value and version it was raised under.
import type { AppContext } from "../../context";
import { cellText } from "../../db/cell-text";
import type { WriteHook } from "../../resources/write-hooks";
import { actorOf } from "../../resources/stamps";

export const PARAM_CHANGES = "warning_param_changes";
const UNVERSIONED = new Set(["id", "version", "created_at", "updated_at", "remark"]);

export function paramVersionHook(ctx: AppContext): WriteHook {
  return {
    beforeUpdate: async (id, input, request) => {
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
      const changedBy = (await actorOf(ctx, request)).account ?? null;
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
    },
  };
}
