// npm run dev: the mock server under `tsx watch` (restarts when its code or generated contract changes)
// and Vite with the manifest watch plugin (regenerates and hot-reloads when the manifest changes).
import { spawn, type ChildProcess } from "node:child_process";

const children: ChildProcess[] = [
  // Development mode: the server registers its clock call (POST /api/dev/clock, mock-server/README.md).
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "mock-server/server.ts"], {
    stdio: "inherit",
    env: { NODE_ENV: "development", ...process.env },
  }),
  // The runner loads vite.config.ts through Vite's own resolver (its imports have no file extensions).
  // strictPort: a taken DEV_PORT is an error, not a console on another port than the one printed.
  spawn("npx", ["vite", "--configLoader", "runner", "--strictPort"], { stdio: "inherit", env: process.env }),
];

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());
