// Messages of code rules, code orders and jobs, imports, activation, packing, the ledger, work orders and code lookups (issue 10).
import { defineArea } from "./define";

export const codes = defineArea(
  {},
  {
    zh: {},
    es: {},
    ja: {},
  },
);
