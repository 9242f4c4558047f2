// packaging_links onCreate (包装关联): one child code into one parent code, through the packing rule
// (packing.ts): known and activated codes, the level and capacity the product's packaging
// hierarchy gives, no code in two packages, no package inside itself. The rule records the packing
// event and the codes' state; the create then stores the link row.
import type { CreateHandler } from "../create-handler";
import { requireColumns } from "./packaging-links";
import { pack } from "./packing";

export const linkPackaging: CreateHandler = {
  check: (ctx, info) => {
    const owner = `${info.resource.name}.onCreate link-packaging`;
    requireColumns(ctx, owner, ["parent_code", "child_code", "level", "order_id"], info.resource.name);
    requireColumns(ctx, owner, ["code", "code_type", "status", "parent_code", "product_id"], "trace_codes");
    requireColumns(ctx, owner, ["product_id", "level", "child_level", "ratio"], "package_hierarchies");
  },
  run: async ({ ctx, input, actor }) => {
    await pack(ctx, {
      parentCode: input.parent_code as string,
      childCode: input.child_code as string,
      level: (input.level as string | undefined) ?? null,
      workOrderId: (input.order_id as number | undefined) ?? null,
      operator: actor.account,
    });
    return undefined;
  },
};
