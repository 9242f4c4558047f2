// What a rule does with the contract's tables' rows, beside the ledger: read one, make, change or
// remove one as the generic calls do (checked refs, stamps, unique and in-use refusals), and the
// server clock's time. The resources layer's Records satisfies it, so the app context passes its own.
import type { RecordId } from "../../schema/contract/record-id";
import type { ResourceInfo } from "../resources/catalog";
import type { Row } from "../resources/row-codec";
import type { Actor } from "../resources/stamps";

export interface ChainRecords {
  /** The server clock's time, as the API writes it (time/api-time.ts). */
  now(): string;
  /** The values a create starts from: the schema's defaults. */
  defaultValues(info: ResourceInfo): Row;
  row(info: ResourceInfo, id: RecordId): Promise<Row | undefined>;
  /** The row, or the not-found refusal. */
  record(info: ResourceInfo, id: RecordId): Promise<Row>;
  insert(info: ResourceInfo, input: Row, actor?: Actor): Promise<number>;
  /** A row the server makes on a hot path, stamped, its unknown columns left out. */
  insertOwn(info: ResourceInfo, values: Readonly<Record<string, string | number | null>>): Promise<number>;
  /** The row as the update left it (undefined if it was gone). */
  update(info: ResourceInfo, id: number, input: Row): Promise<Row | undefined>;
  remove(info: ResourceInfo, id: number): Promise<void>;
}
