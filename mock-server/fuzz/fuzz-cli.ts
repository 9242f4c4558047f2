// `npm run test:fuzz -- --runs 100000 [--seed N]`: the contract fuzz test at any size.
import { spawnSync } from "node:child_process";

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const env: NodeJS.ProcessEnv = { ...process.env, FUZZ_RUNS: option("runs") ?? process.env.FUZZ_RUNS ?? "5000" };
if (option("seed") !== undefined) env.FUZZ_SEED = option("seed");
const result = spawnSync("npx", ["vitest", "run", "mock-server/fuzz/contract-fuzz.test.ts"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
