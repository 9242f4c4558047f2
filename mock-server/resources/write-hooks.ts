// Rules some resources add to the generic writes (the org calls of spec §7: an account gets its
// initial password, its sessions end with it, a role's grants go with it). Hooks run inside the
// write's transaction, so a failing hook rolls the write back.
import type { Row } from "./row-codec";
import type { SignedRequest } from "./stamps";

/** A hook sees of the request only whose session it is, so a domain rule can be one without knowing HTTP. */
export interface WriteHook {
  /** Before validation (create and update): a value sent in an older shape, read as the schema's. */
  readInput?: (input: Row) => Promise<Row>;
  /** Before the transaction; may hash passwords. The result is handed to afterCreate. */
  prepareCreate?(input: Row, request: SignedRequest): Promise<unknown>;
  afterCreate?(id: number, input: Row, prepared: unknown): Promise<void>;
  /** Inside the transaction, before the row changes: the old values are still there to read. A check that reads nothing answers at once. */
  beforeUpdate?(id: number, input: Row, request: SignedRequest): Promise<void> | void;
  afterUpdate?(id: number, input: Row, request: SignedRequest): Promise<void>;
  beforeDelete?(id: number, request: SignedRequest): void;
  afterDelete?(id: number): Promise<void>;
}

export class WriteHooks {
  private readonly hooks = new Map<string, WriteHook[]>();

  add(resource: string, hook: WriteHook): void {
    this.hooks.set(resource, [...(this.hooks.get(resource) ?? []), hook]);
  }

  of(resource: string): readonly WriteHook[] {
    return this.hooks.get(resource) ?? [];
  }
}
