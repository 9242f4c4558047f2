// The shape of a create rule behind a resource's `onCreate` (manifest: onCreate.handler names
// a rule listed in mock-server/actions/registry.ts): what a create does beyond storing its row.
import type { ChainContext } from "./chain-context";
import type { ResourceInfo } from "../resources/catalog";
import type { Row } from "../resources/row-codec";
import type { Actor } from "../resources/stamps";

export interface CreateCall {
  readonly ctx: ChainContext;
  readonly info: ResourceInfo;
  /** The create body, already validated against the resource's create schema. */
  readonly input: Row;
  readonly actor: Actor;
}

export interface CreateHandler {
  /**
   * At start-up: throws when the contract lacks what the rule works on (a resource, a column),
   * so a manifest that drops one stops the server instead of failing its first create.
   */
  check?(ctx: ChainContext, info: ResourceInfo): void;
  /**
   * Runs inside the create's transaction, before the row is inserted. Throws a refusal to refuse
   * (the transaction rolls back: every table stays as it was); returns values for server-owned
   * (readOnly) fields of the new row.
   */
  run(call: CreateCall): Promise<Row | undefined>;
}
