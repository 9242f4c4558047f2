import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { manifestWatchPlugin } from "./generator/vite-plugin";

// npm start: the mock server serves the built console from the same origin.
// npm run dev: Vite on DEV_PORT proxies /api to the mock server and regenerates on manifest changes.
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  // vitest starts a Vite server too; the manifest watch would keep it from exiting.
  plugins: [react(), ...(process.env.VITEST ? [] : [manifestWatchPlugin()])],
  server: { port: Number(process.env.DEV_PORT ?? 5173), proxy: { "/api": apiTarget, "/loginlog": apiTarget } },
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 1500 },
  test: {
    include: ["schema/**/*.test.ts", "src/**/*.test.{ts,tsx}", "generator/**/*.test.ts", "mock-server/**/*.test.ts", "tests/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    environment: "node",
    testTimeout: 20000,
  },
});
