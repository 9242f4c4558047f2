// The handlers the manifest names, by name: action handlers (manifest action.handler) and create rules (manifest
// onCreate.handler). A name that is not listed here stops the server at start-up, so a manifest
// typo never reaches a user.
import { activateCodes } from "../domain/production/activate-codes";
import { addWaybillCode } from "../domain/logistics/add-waybill-code";
import { cancelReturnReceiptHandler } from "../domain/returns/cancel-return-receipt";
import { checkCodeRule } from "../domain/codes/check-code-rule";
import { closeCodeOrder } from "../domain/codes/close-code-order";
import { closeWorkOrder } from "../domain/production/close-work-order";
import type { CreateHandler } from "../domain/create-handler";
import type { AppContext } from "../context";
import type { DomainHandler } from "../domain/domain-handler";
import { exchangeWaybill } from "../domain/logistics/exchange-waybill-code";
import { freeReturnedCodeHandler } from "../domain/returns/free-returned-code";
import { finishWorkOrder } from "../domain/production/finish-work-order";
import { generateCodes } from "../domain/codes/generate-codes";
import { handOverPackages } from "../domain/logistics/hand-over-packages";
import { linkPackaging } from "../domain/packing/link-packaging";
import { packHeldHandler } from "../domain/packing/pack-held";
import { receiveReturnHandler } from "../domain/returns/receive-return";
import { receiveReturnScanHandler } from "../domain/returns/receive-return-scan";
import { reduceWaybill } from "../domain/logistics/reduce-waybill";
import { replacePackagingCode } from "../domain/packing/replace-packaging-code";
import { resetPassword } from "../org/reset-password";
import { issuePartnerKey } from "../domain/partners/issue-partner-key";
import { revokePartnerKey } from "../domain/partners/revoke-partner-key";
import {
  pauseSubscription,
  removeSubscription,
  resumeSubscription,
} from "../domain/epcis/subscriptions/subscription-actions";
import { shipWaybill } from "../domain/logistics/ship-waybill";
import { unbindWaybill } from "../domain/logistics/unbind-waybill";
import { unlinkPackaging } from "../domain/packing/unlink-packaging";
import { unlockAccount } from "../org/unlock-account";
import { unpackAtDealerHandler } from "../domain/logistics/unpack-at-dealer";
import { captureEvidence } from "../domain/evidence/capture-evidence";
import { recordInspection } from "../domain/inspection/record-inspection";
import { submitEvidence } from "../domain/evidence/submit-evidence";

const HANDLERS: Readonly<Record<string, DomainHandler<AppContext>>> = {
  "close-code-order": closeCodeOrder,
  "close-work-order": closeWorkOrder,
  "finish-work-order": finishWorkOrder,
  "generate-codes": generateCodes,
  "pack-held": packHeldHandler,
  "reset-password": resetPassword,
  "unlock-account": unlockAccount,
  // partner clients of the EPCIS interface
  "issue-partner-key": issuePartnerKey,
  "revoke-partner-key": revokePartnerKey,
  // EPCIS subscriptions, from the console's list
  "pause-epcis-subscription": pauseSubscription,
  "resume-epcis-subscription": resumeSubscription,
  "remove-epcis-subscription": removeSubscription,
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

export function domainHandler(name: string, owner: string): DomainHandler<AppContext> {
  const handler = Object.hasOwn(HANDLERS, name) ? HANDLERS[name] : undefined;
  if (!handler)
    throw new Error(
      `${owner}: unknown action handler "${name}"; write mock-server/domain/<subject>/${name}.ts and list it in mock-server/actions/registry.ts`,
    );
  return handler;
}

export function createHandler(name: string, owner: string): CreateHandler {
  const handler = Object.hasOwn(CREATE_HANDLERS, name) ? CREATE_HANDLERS[name] : undefined;
  if (!handler)
    throw new Error(
      `${owner}: unknown create handler "${name}" (onCreate); write mock-server/domain/<subject>/${name}.ts and list it in mock-server/actions/registry.ts`,
    );
  return handler;
}
