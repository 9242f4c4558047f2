// Domain handlers by name: action handlers (manifest action.handler) and create rules (manifest
// onCreate.handler). A name that is not listed here stops the server at start-up, so a manifest
// typo never reaches a user.
import { activateCodes } from "./activate-codes";
import { checkCodeRule } from "./check-code-rule";
import { closeCodeOrder } from "./close-code-order";
import type { CreateHandler } from "./create-handler";
import type { DomainHandler } from "./domain-handler";
import { generateCodes } from "./generate-codes";
import { linkPackaging } from "./link-packaging";
import { replacePackagingCode } from "./replace-packaging-code";
import { resetPassword } from "./reset-password";
import { unlinkPackaging } from "./unlink-packaging";
import { unlockAccount } from "./unlock-account";

const HANDLERS: Readonly<Record<string, DomainHandler>> = {
  "close-code-order": closeCodeOrder,
  "generate-codes": generateCodes,
  "reset-password": resetPassword,
  "unlock-account": unlockAccount,
};

const CREATE_HANDLERS: Readonly<Record<string, CreateHandler>> = {
  "activate-codes": activateCodes,
  "check-code-rule": checkCodeRule,
  "link-packaging": linkPackaging,
  "replace-packaging-code": replacePackagingCode,
  "unlink-packaging": unlinkPackaging,
};

export function domainHandler(name: string, owner: string): DomainHandler {
  const handler = Object.hasOwn(HANDLERS, name) ? HANDLERS[name] : undefined;
  if (!handler)
    throw new Error(`${owner}: unknown action handler "${name}"; write mock-server/domain/${name}.ts and list it in domain/registry.ts`);
  return handler;
}

export function createHandler(name: string, owner: string): CreateHandler {
  const handler = Object.hasOwn(CREATE_HANDLERS, name) ? CREATE_HANDLERS[name] : undefined;
  if (!handler)
    throw new Error(`${owner}: unknown create handler "${name}" (onCreate); write mock-server/domain/${name}.ts and list it in domain/registry.ts`);
  return handler;
}
