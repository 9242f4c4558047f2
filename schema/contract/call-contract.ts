// The shape of one hand-written call, apart from the list of them (calls.ts), so the files that
// declare calls by subject and the programs that read any call share it without importing the
// whole list.
import type { ContractEndpoint, JsonSchema } from "./server-contract";

/**
 * public: no token (the login page, the consumer's phone); open: any signed-in account;
 * granted: the accounts the server grants by the manifest's permission menus (see `owner`).
 */
export type CallAccess = "public" | "open" | "granted";

export interface CallContract {
  readonly endpoint: ContractEndpoint;
  /** The server's name of the call: "<tag>.<operation>", as in the OpenAPI document. */
  readonly owner: string;
  readonly access: CallAccess;
  readonly summary: string;
  /** The query string of a GET, the JSON body otherwise; absent: no parameters at all. */
  readonly input?: JsonSchema;
  /**
   * envelope (default): the answer is the envelope, its `data` described by `data`. file: a file
   * (an attachment; `data` describes it in words), and a refusal is still the error envelope.
   */
  readonly answer?: "envelope" | "file";
  /**
   * json (default): the input is the query of a GET, the JSON body otherwise. multipart: a POST of
   * multipart/form-data, the input's fields beside the files (field "files").
   */
  readonly body?: "json" | "multipart";
  /** The envelope's `data`. */
  readonly data: JsonSchema;
}

/** A value of `type` or null, as the answers' optional columns are. */
export const nullable = (type: string) => ({ type: [type, "null"] });
