// The shape of a rule behind an action's `handler` (manifest: action.handler names a rule listed in
// mock-server/actions/registry.ts), for what `set` and `when` cannot say. A chain rule sees the
// chain's context only; a handler that needs more of the server (sessions, sign-in attempts) names
// the wider context it takes and lives outside domain/.
import type { ContractAction } from "../../schema/contract/server-contract";
import type { ChainContext } from "./chain-context";
import type { ResourceInfo } from "../resources/catalog";
import type { Row } from "../resources/row-codec";
import type { Actor } from "../resources/stamps";

/** The caller's session: the account signed in, and the token it signed in with. */
export interface CallerSession {
  readonly accountId: number;
  readonly token: string;
}

export interface ActionCall<Context extends ChainContext = ChainContext> {
  readonly ctx: Context;
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

export interface DomainHandler<Context extends ChainContext = ChainContext> {
  /** Body fields the action accepts beside id, as JSON Schema properties. */
  readonly inputProperties?: Record<string, unknown>;
  /** Async work before the transaction (hashing). Its result reaches run(). */
  prepare?(call: ActionCall<Context>): Promise<unknown>;
  /** Runs inside the action's transaction, after `set`. A return value other than undefined is the call's data. */
  run(call: ActionCall<Context>, prepared: unknown): Promise<unknown>;
}
