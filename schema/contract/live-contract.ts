// Development only: the event the manifest watch (generator/vite-plugin.ts) sends
// to the open console once the mock server serves the regenerated contract. The console then asks
// for its roles again, so a new menu entry appears without a reload or a sign-in.
export const CONTRACT_SERVED_EVENT = "trace-console:contract-served";

/** The address, under the API's base, where a development server names the contract it serves. */
export const CONTRACT_VERSION_PATH = "/api/dev/contract";
