// Which buttons a screen offers: each comes from config.buttons (its permission code, spec §6)
// and, for domain actions, from config.actions (the call and when it applies).
import type { ActionConfig, ButtonConfig, ScreenConfig } from "../../../schema/contract/screen-config";

export interface ActionButtonSpec {
  readonly action: ActionConfig;
  readonly button: ButtonConfig;
}

export function buttonFor(config: Pick<ScreenConfig, "buttons">, action: string): ButtonConfig | undefined {
  return config.buttons.find((button) => button.action === action);
}

/** Domain actions of one scope that have a button, in the buttons' (manifest) order. */
export function actionButtons(
  config: Pick<ScreenConfig, "buttons" | "actions">,
  scope: ActionConfig["scope"],
): ActionButtonSpec[] {
  return config.buttons.flatMap((button) => {
    const action = config.actions.find((candidate) => candidate.name === button.action && candidate.scope === scope);
    return action ? [{ action, button }] : [];
  });
}

/** An action with `when` applies only to records whose fields hold one of the listed values. */
export function actionApplies(action: Pick<ActionConfig, "when">, record: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(action.when ?? {}).every(([field, allowed]) =>
    allowed.some((value) => value === record[field] || String(value) === String(record[field])),
  );
}

/** Whether any row can show a button (show, edit, delete or an action); else the column is left out. */
export function hasRowActions(
  config: Pick<ScreenConfig, "buttons" | "actions" | "routes">,
  readOnly: boolean,
): boolean {
  const editable = !readOnly && Boolean(config.routes.edit && buttonFor(config, "edit"));
  const deletable = !readOnly && Boolean(buttonFor(config, "delete"));
  return Boolean(config.routes.show) || editable || deletable || actionButtons(config, "row").length > 0;
}

/** A download's query, or a row upload's record inputs: its fixed inputs, and {<input>: record[<field>]} by its params ({id} by default). */
export function downloadInputs(
  action: Pick<ActionConfig, "params" | "fixed" | "scope">,
  record: Readonly<Record<string, unknown>>,
): Record<string, string | number | boolean> {
  const params = action.params ?? (action.scope === "row" ? { id: "id" } : {});
  const query: Record<string, string | number | boolean> = { ...action.fixed };
  for (const [input, field] of Object.entries(params)) {
    const value = record[field];
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") query[input] = value;
  }
  return query;
}
