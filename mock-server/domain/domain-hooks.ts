// Domain rules that run beside a generic write because the manifest has no hook to name them in
// (an edit: manifest onCreate exists, onUpdate does not yet).
import type { AppContext } from "../context";
import { codeRuleEditCheck } from "./check-code-rule";
import { CODE_RULES } from "./code-rules/rule-of";
import { paramVersionHook } from "../public/warnings/param-versions";

export function registerDomainHooks(ctx: AppContext): void {
  if (ctx.catalog.find(CODE_RULES)) ctx.hooks.add(CODE_RULES, codeRuleEditCheck(ctx));
  if (ctx.catalog.find("warning_params")?.byName.has("version")) ctx.hooks.add("warning_params", paramVersionHook(ctx));
}
