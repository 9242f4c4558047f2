// evidences.create (onCreate: capture-evidence): a new evidence record starts as a
// draft with no photos, and takes the frozen snapshot of its code's chain (evidence-snapshot.ts).
import type { CreateHandler } from "../create-handler";
import { chainSnapshot } from "./evidence-snapshot";

export const EVIDENCES = "evidences";
const NEEDED = [
  "status",
  "photo_count",
  "snapshot_code_status",
  "snapshot_dealer_id",
  "snapshot_dealer_name",
  "snapshot_regions",
  "snapshot_waybill_no",
  "snapshot_shipped_at",
];

export const captureEvidence: CreateHandler = {
  check: (_ctx, info) => {
    const missing = NEEDED.filter((name) => !info.byName.has(name));
    if (missing.length)
      throw new Error(`${info.resource.name}.create (capture-evidence) needs the fields ${missing.join(", ")}`);
  },
  run: async ({ ctx, input }) => ({
    status: "draft",
    photo_count: 0,
    ...(await chainSnapshot(ctx, typeof input.code === "string" && input.code !== "" ? input.code : undefined)),
  }),
};
