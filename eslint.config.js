// ESLint: typescript-eslint's recommended type-checked rules, React's hook rules, and no promise left
// floating. Formatting is Prettier's job (npm test runs both).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "dist/",
      "mock-server/dist/",
      "tests/fixtures/",
      "bench/.work/",
      ".data/",
      "test-results*/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ["**/*.tsx", "src/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests read JSON answers (typed any) and assert on them: the assertion is the check, so the
    // rules against spreading any are off there and only there.
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**/*.ts", "bench/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  // JavaScript is not in the TypeScript project, so it is linted without types; a .cjs file (the
  // vendor shim the build aliases) is CommonJS, with its module and require.
  { files: ["**/*.js", "**/*.mjs", "**/*.cjs"], ...tseslint.configs.disableTypeChecked },
  { files: ["**/*.cjs"], languageOptions: { sourceType: "commonjs" } },
);
