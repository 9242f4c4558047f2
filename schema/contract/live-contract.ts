// issue 16 item 1, development only: the event the manifest watch (generator/vite-plugin.ts) sends
// to the open console as soon as it has written a regenerated server contract, with that contract's
// version. The console waits until the mock server serves that version (GET CONTRACT_VERSION_PATH)
// and then asks for its roles again, so a new menu entry appears without a reload or a sign-in.
// It is sent at once rather than after the server has taken the contract: Vite's client handles
// its messages one after another, and an event sent later would wait behind the hot updates of the
// regenerated modules; this way the wait for the server and the hot updates run side by side.
export const CONTRACT_WRITTEN_EVENT = "trace-console:contract-written";

export interface ContractWritten {
  /** The version GET CONTRACT_VERSION_PATH names once the server serves the new contract. */
  readonly version: string;
}

/** The address, under the API's base, where a development server names the contract it serves. */
export const CONTRACT_VERSION_PATH = "/api/dev/contract";
