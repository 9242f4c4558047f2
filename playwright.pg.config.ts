// The chain's browser flows again with the server on PostgreSQL: production and its tail box, the
// packing, handover, shipping and return stations, logistics, inspection and the consumer's scan,
// against the compiled server on a throwaway cluster that tests/setup/e2e-postgres.ts starts and
// removes. `npm run test:e2e:pg` (after the console is built, as test:e2e builds it).
import { defineConfig } from "@playwright/test";
import base from "./playwright.config";
import { E2E_PG_PORT } from "./tests/setup/e2e-postgres-port";

export default defineConfig({
  ...base,
  testMatch: [
    "chain/production-flow.spec.ts",
    "chain/finish-tail-box.spec.ts",
    "chain/inspection-flow.spec.ts",
    "stations/packing-station.spec.ts",
    "stations/handover-station.spec.ts",
    "stations/shipping-station.spec.ts",
    "stations/return-station.spec.ts",
    "logistics/logistics-flow.spec.ts",
    "public/consumer-scan.spec.ts",
  ],
  outputDir: process.env.E2E_OUTPUT ?? "test-results-pg",
  use: { ...base.use, baseURL: `http://127.0.0.1:${E2E_PG_PORT}` },
  webServer: undefined,
  globalSetup: "./tests/setup/e2e-postgres.ts",
});
