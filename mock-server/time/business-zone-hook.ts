// An enterprise write names a zone this runtime knows (Intl.supportedValuesOf), refused with a 400
// naming the field otherwise; a changed zone rewrites the calendar the ledger's views date events
// by, in the same transaction, so every report follows at once.
import type { AppContext } from "../context";
import { refuseInvalid } from "../refusals";
import { isBusinessZone } from "./business-day";
import { useBusinessCalendar } from "./business-calendar";
import { businessZone, ENTERPRISE, TIME_ZONE_FIELD } from "./business-zone";
import { message } from "../../schema/contract/messages";

export function registerBusinessZoneHook(ctx: AppContext): void {
  if (!ctx.catalog.find(ENTERPRISE)?.byName.has(TIME_ZONE_FIELD)) return;
  ctx.hooks.add(ENTERPRISE, {
    beforeUpdate: (_id, input) => checkZone(input[TIME_ZONE_FIELD]),
    afterUpdate: async (_id, input) => {
      checkZone(input[TIME_ZONE_FIELD]);
      await useBusinessCalendar(ctx.store, await businessZone(ctx));
    },
  });
}

function checkZone(value: unknown): void {
  if (value === undefined || value === null || isBusinessZone(value)) return;
  refuseInvalid({
    [TIME_ZONE_FIELD]: message("org.timeZoneUnknown", {
      value: typeof value === "string" ? value : JSON.stringify(value),
    }),
  });
}
