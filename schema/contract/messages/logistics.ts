// Messages of waybills, shipping, waybill changes and files, returns, dealer regions, consumer scans, inspections and evidence (issues 11, 12).
import { defineArea } from "./define";

export const logistics = defineArea(
  {},
  {
    zh: {},
    es: {},
    ja: {},
  },
);
