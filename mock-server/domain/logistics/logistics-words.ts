// The words of the logistics messages that vary inside a sentence — a code's, a waybill's or a
// warning's status, a packaging level, "waybill W" — as messages of their own, so each language
// words them. A value the catalog does not know stays the raw value.
import { isMessageKey, message, type Message } from "../../../schema/contract/messages";

const word = (prefix: string, value: string): Message | string => {
  const key = `logistics.${prefix}.${value}`;
  return isMessageKey(key) ? message(key) : value;
};

/** A code's status ("activated", 已激活); a code with none is "without a status". */
export const codeStatusWord = (status: string | null | undefined): Message | string =>
  status ? word("codeStatus", status) : message("logistics.codeStatus.none");

/** A waybill's status ("pending", 待发货). */
export const waybillStatusWord = (status: string): Message | string => word("waybillStatus", status);

/** A consumer warning's status ("verified", 已核实). */
export const warningStatusWord = (status: string): Message | string => word("warningStatus", status);

/** A packaging level ("box", 盒); a code of no level is a "package". */
export const levelWord = (type: string | null): Message | string => word("level", type ?? "package");

/** A code of a level with its article ("an item code", 单品码). */
export const codeKindWord = (type: string | null): Message | string => word("codeKind", type ?? "untyped");

/** "waybill W": a parameter of its own, so an upload can name "an earlier row of this file" instead. */
export const waybillWord = (waybillNo: string): Message => message("logistics.waybill", { waybill_no: waybillNo });
