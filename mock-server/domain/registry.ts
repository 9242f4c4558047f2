// Domain handlers by name. An action naming a handler that is not listed here stops the
// server at start-up, so a manifest typo never reaches a user.
import type { DomainHandler } from "./domain-handler";
import { generateCodes } from "./generate-codes";
import { resetPassword } from "./reset-password";

const HANDLERS: Readonly<Record<string, DomainHandler>> = {
  "generate-codes": generateCodes,
  "reset-password": resetPassword,
};

export function domainHandler(name: string, owner: string): DomainHandler {
  const handler = Object.hasOwn(HANDLERS, name) ? HANDLERS[name] : undefined;
  if (!handler)
    throw new Error(`${owner}: unknown action handler "${name}"; write mock-server/domain/${name}.ts and list it in domain/registry.ts`);
  return handler;
}
