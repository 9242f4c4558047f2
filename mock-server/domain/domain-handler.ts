// The shape of a domain rule behind an action's `handler` (manifest: action.handler names
// mock-server/domain/<handler>.ts), for what `set` and `when` cannot say.
import type { ContractAction } from "../../schema/contract/server-contract";
import type { AppContext } from "../context";
import type { ResourceInfo } from "../resources/catalog";
import type { Row } from "../resources/row-codec";
import type { Actor } from "../resources/stamps";

/** The caller's session: the account signed in, and the token it signed in with. */
export interface CallerSession {
  readonly accountId: number;
  readonly token: string;
}

export interface ActionCall {
  readonly ctx: AppContext;
  readonly info: ResourceInfo;
  readonly action: ContractAction;
  /** Who makes the call, for the operator the rule records. */
  readonly actor: Actor;
  readonly session?: CallerSession;
  readonly input: Row;
  /** Row-scope actions: the record's id and the stored row before the action. */
  readonly id?: number;
  readonly row?: Row;
}

export interface DomainHandler {
  /** Body fields the action accepts beside id, as JSON Schema properties. */
  readonly inputProperties?: Record<string, unknown>;
  /** Async work before the transaction (hashing). Its result reaches run(). */
  prepare?(call: ActionCall): Promise<unknown>;
  /** Runs inside the action's transaction, after `set`. A return value other than undefined is the call's data. */
  run(call: ActionCall, prepared: unknown): Promise<unknown>;
}
