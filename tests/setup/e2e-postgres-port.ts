// The port of the PostgreSQL browser run's server: E2E_PORT, else one beside the SQLite run's 4173,
// so the two runs can share a machine. Read by the config and its global setup alike.
export const E2E_PG_PORT = Number(process.env.E2E_PORT ?? 4174);
