// What a rule that runs beside a resource's generic writes implements: the domain defines it, the
// resources layer (resources/write-hooks.ts) calls it inside the write's transaction, so a failing
// hook rolls the write back.
import type { Row } from "../resources/row-codec";
import type { SignedRequest } from "../resources/stamps";

/** A hook sees of the request only whose session it is, so a domain rule can be one without knowing HTTP. */
export interface WriteHook {
  /** Before validation (create and update): a value sent in an older shape, read as the schema's. */
  readInput?: (input: Row) => Promise<Row>;
  /** Before the transaction; may hash passwords. The result is handed to afterCreate. */
  prepareCreate?(input: Row, request: SignedRequest): Promise<unknown>;
  afterCreate?(id: number, input: Row, prepared: unknown): Promise<void>;
  /** Inside the transaction, before the row changes: the old values are still there to read. A check that reads nothing answers at once. */
  beforeUpdate?(id: number, input: Row, request: SignedRequest): Promise<void> | void;
  /**
   * `row`: the row as the update left it, read by the update itself (undefined if it was gone). The
   * call answers that row unless its table is written after it: a rule that writes the row again
   * tells the store (rowWrite, bump), as every write does, and the row is then read again.
   */
  afterUpdate?(id: number, input: Row, request: SignedRequest, row: Row | undefined): Promise<void>;
  beforeDelete?(id: number, request: SignedRequest): void;
  afterDelete?(id: number): Promise<void>;
}
