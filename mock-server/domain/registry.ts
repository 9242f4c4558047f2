// Domain handlers by name: action handlers (manifest action.handler) and create rules (manifest
// onCreate.handler). A name that is not listed here stops the server at start-up, so a manifest
// typo never reaches a user.
import { activateCodes } from "./production/activate-codes";
import { addWaybillCode } from "./logistics/add-waybill-code";
import { cancelReturnReceiptHandler } from "./returns/cancel-return-receipt";
import { checkCodeRule } from "./codes/check-code-rule";
import { closeCodeOrder } from "./codes/close-code-order";
import { closeWorkOrder } from "./production/close-work-order";
import type { CreateHandler } from "./create-handler";
import type { DomainHandler } from "./domain-handler";
import { exchangeWaybill } from "./logistics/exchange-waybill-code";
import { freeReturnedCodeHandler } from "./returns/free-returned-code";
import { finishWorkOrder } from "./production/finish-work-order";
import { generateCodes } from "./codes/generate-codes";
import { handOverPackages } from "./logistics/hand-over-packages";
import { linkPackaging } from "./packing/link-packaging";
import { packHeldHandler } from "./packing/pack-held";
import { receiveReturnHandler } from "./returns/receive-return";
import { receiveReturnScanHandler } from "./returns/receive-return-scan";
import { reduceWaybill } from "./logistics/reduce-waybill";
import { replacePackagingCode } from "./packing/replace-packaging-code";
import { resetPassword } from "../org/reset-password";
import { shipWaybill } from "./logistics/ship-waybill";
import { unbindWaybill } from "./logistics/unbind-waybill";
import { unlinkPackaging } from "./packing/unlink-packaging";
import { unlockAccount } from "../org/unlock-account";
import { unpackAtDealerHandler } from "./logistics/unpack-at-dealer";
import { captureEvidence } from "./evidence/capture-evidence";
import { recordInspection } from "./inspection/record-inspection";
import { submitEvidence } from "./evidence/submit-evidence";

const HANDLERS: Readonly<Record<string, DomainHandler>> = {
  "close-code-order": closeCodeOrder,
  "close-work-order": closeWorkOrder,
  "finish-work-order": finishWorkOrder,
  "generate-codes": generateCodes,
  "pack-held": packHeldHandler,
  "reset-password": resetPassword,
  "unlock-account": unlockAccount,
  // logistics
  "ship-waybill": shipWaybill,
  "receive-return-scan": receiveReturnScanHandler,
  // inspection
  "submit-evidence": submitEvidence,
};

const CREATE_HANDLERS: Readonly<Record<string, CreateHandler>> = {
  "activate-codes": activateCodes,
  "hand-over-packages": handOverPackages,
  "check-code-rule": checkCodeRule,
  "link-packaging": linkPackaging,
  "replace-packaging-code": replacePackagingCode,
  "unlink-packaging": unlinkPackaging,
  // logistics
  "add-waybill-code": addWaybillCode,
  "exchange-waybill-code": exchangeWaybill,
  "reduce-waybill": reduceWaybill,
  "unbind-waybill": unbindWaybill,
  "receive-return": receiveReturnHandler,
  "free-returned-code": freeReturnedCodeHandler,
  "cancel-return-receipt": cancelReturnReceiptHandler,
  "unpack-at-dealer": unpackAtDealerHandler,
  // inspection
  "capture-evidence": captureEvidence,
  "record-inspection": recordInspection,
};

export function domainHandler(name: string, owner: string): DomainHandler {
  const handler = Object.hasOwn(HANDLERS, name) ? HANDLERS[name] : undefined;
  if (!handler)
    throw new Error(
      `${owner}: unknown action handler "${name}"; write mock-server/domain/<subject>/${name}.ts and list it in domain/registry.ts`,
    );
  return handler;
}

export function createHandler(name: string, owner: string): CreateHandler {
  const handler = Object.hasOwn(CREATE_HANDLERS, name) ? CREATE_HANDLERS[name] : undefined;
  if (!handler)
    throw new Error(
      `${owner}: unknown create handler "${name}" (onCreate); write mock-server/domain/<subject>/${name}.ts and list it in domain/registry.ts`,
    );
  return handler;
}
