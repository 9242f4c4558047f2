import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { createLogger, type Plugin } from "vite";
import { manifestWatchPlugin } from "./generator/vite-plugin";
import { redactTokens } from "./mock-server/http/log-redaction";
import { waitForServedContract } from "./mock-server/live/wait-for-contract";

// npm start: the mock server serves the built console from the same origin.
// npm run dev: Vite on DEV_PORT proxies /api to the mock server and regenerates on manifest changes.
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/** One line after a build instead of the chunk list (`npm start` builds with --logLevel warn). */
function buildSummary(): Plugin {
  return {
    name: "trace-console:build-summary",
    apply: "build",
    writeBundle(options, bundle) {
      const files = Object.values(bundle);
      const bytes = files.reduce(
        (sum, file) => sum + (file.type === "chunk" ? file.code.length : file.source.length),
        0,
      );
      console.log(
        `console built: ${files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${options.dir ?? "dist"}/`,
      );
    },
  };
}

// The node_modules a public page never paints: antd's forms, dialogs and tabs, the dashboard's
// parts, and the small antd helpers the console shares with its screens (each alone a file of
// 0.1-2 KB). Paths under node_modules/, a folder with its trailing slash. The login form is plain
// HTML, so antd's form code is the console's alone.
const CONSOLE_ONLY_MODULES = [
  ...["rc-field-form", "@rc-component/async-validator", "rc-select", "rc-virtual-list", "rc-input", "rc-textarea"].map(
    (name) => `${name}/`,
  ),
  ...["rc-tooltip", "rc-dialog", "rc-tabs"].map((name) => `${name}/`),
  ...["form", "input", "select", "empty", "alert", "tooltip", "grid", "row", "col"].map((name) => `antd/es/${name}/`),
  ...["app", "modal", "notification", "skeleton", "avatar", "popover", "breadcrumb", "card", "tabs", "statistic"].map(
    (name) => `antd/es/${name}/`,
  ),
  // Not space/Compact and its style: the scan page's buttons use them.
  ...["index", "Item", "Addon", "context", "style/index", "style/addon"].map((name) => `antd/es/space/${name}.js`),
  ...[
    "getRenderPropValue",
    "getAllowClear",
    "statusUtils",
    "styleChecker",
    "ActionButton",
    "extendsObject",
    "gapSize",
  ].map((name) => `antd/es/_util/${name}.js`),
  ...["zindexContext", "mediaQueryUtil", "responsiveObserver"].map((name) => `antd/es/_util/${name}.js`),
  ...["usePatchElement", "useClosable", "useZIndex", "useForceUpdate"].map((name) => `antd/es/_util/hooks/${name}.js`),
  ...[
    "watermark/context",
    "style/motion/fade",
    "config-provider/defaultRenderEmpty",
    "config-provider/hooks/useCSSVarCls",
  ].map((name) => `antd/es/${name}.js`),
];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

// Fewer, larger files where a page loads them all anyway (bench/bundle sums each file
// gzipped, and many small files compress worse than one): everything index.html loads statically;
// the antd parts only the signed-in console uses. That group takes only the modules named
// (includeDependenciesRecursively: false), not what those import: that is shared with the public
// pages (icons, portals, buttons) and would pull the whole group onto them. Nothing a public page
// paints may be in it (bench:bundle shows it at once: the page's figure jumps).
const CHUNK_GROUPS = [
  { name: "initial", tags: ["$initial" as const], priority: 2 },
  {
    name: "console-antd",
    test: new RegExp(`/node_modules/(${CONSOLE_ONLY_MODULES.map(escapeRegExp).join("|")})`),
    priority: 1,
    includeDependenciesRecursively: false,
  },
];

// The dev proxy prints failed calls' URLs, which may carry a session token: never in the terminal.
const logger = createLogger();
const redacting: typeof logger = Object.assign(Object.create(logger) as typeof logger, {
  info: (message: string, options?: Parameters<typeof logger.info>[1]) => logger.info(redactTokens(message), options),
  warn: (message: string, options?: Parameters<typeof logger.warn>[1]) => logger.warn(redactTokens(message), options),
  warnOnce: (message: string, options?: Parameters<typeof logger.warnOnce>[1]) =>
    logger.warnOnce(redactTokens(message), options),
  error: (message: string, options?: Parameters<typeof logger.error>[1]) =>
    logger.error(redactTokens(message), options),
});

export default defineConfig({
  customLogger: redacting,
  // A throwaway copy of the project (the dev-server browser tests) links the real node_modules; its
  // pre-bundled dependencies go in a folder of its own, or two copies rebuild each other's.
  cacheDir: process.env.VITE_CACHE_DIR,
  // vitest starts a Vite server too; the manifest watch would keep it from exiting.
  plugins: [
    react(),
    buildSummary(),
    ...(process.env.VITEST ? [] : [manifestWatchPlugin({ contractServed: () => waitForServedContract(apiTarget) })]),
  ],
  // qs (refine's and our router provider's) reaches side-channel: a small shim in its place (src/vendor-shims).
  resolve: {
    alias: { "side-channel": fileURLToPath(new URL("./src/vendor-shims/side-channel.cjs", import.meta.url)) },
  },
  server: { port: Number(process.env.DEV_PORT ?? 5173), proxy: { "/api": apiTarget, "/loginlog": apiTarget } },
  // The largest chunk is the report charts (@ant-design/plots, about 1.6 MB), fetched only when a
  // report opens; bench/bundle watches the budgets that matter (first paint, the signed-in console).
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    // refine's antd package is one ES module that imports react-markdown for its MarkdownField, which
    // we never render; react-markdown and remark-gfm do not say they are free of side effects, so the
    // bundler kept them (about 60 KB gzipped) wherever @refinedev/antd was imported at all.
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: /\/node_modules\/(react-markdown|remark-gfm)\//, sideEffects: false }] },
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
  test: {
    include: [
      "schema/**/*.test.ts",
      "src/**/*.test.{ts,tsx}",
      "generator/**/*.test.ts",
      "mock-server/**/*.test.ts",
      "tests/**/*.test.ts",
    ],
    exclude: ["tests/e2e/**", "node_modules/**"],
    // TEST_ENGINE=pg: one throwaway PostgreSQL cluster for the run (npm run test:pg).
    globalSetup: ["tests/setup/postgres-cluster.ts"],
    environment: "node",
    testTimeout: 20000,
    // Many server tests seed a whole demo database in beforeAll (the chain through its rules): on a
    // 2-core machine running test files side by side that can pass vitest's default 10 s.
    hookTimeout: 60_000,
  },
});
