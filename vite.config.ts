import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// The console is served by the mock server from the same origin (npm start); in development
// `npm run dev` runs Vite in middleware mode inside that server, so /api needs no proxy.
export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 1500 },
  test: {
    include: ["src/**/*.test.{ts,tsx}", "generator/**/*.test.ts", "mock-server/**/*.test.ts", "tests/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    environment: "node",
    testTimeout: 20000,
  },
});
