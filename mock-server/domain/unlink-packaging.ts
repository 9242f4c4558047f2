// packaging_unlinks onCreate (关联解除): the logged code leaves its package — its link row goes —
// and the log row keeps what it was linked to (parent_code, level). What the code itself holds
// stays with it: unpacking a box from its case does not empty the box.
import type { CreateHandler } from "./create-handler";
import { packagingLinks, packedLink, requireColumns } from "./packaging-links";

export const unlinkPackaging: CreateHandler = {
  check: (ctx, info) => {
    const owner = `${info.resource.name}.onCreate unlink-packaging`;
    requireColumns(ctx, owner, ["parent_code", "child_code", "level"]);
    requireColumns(ctx, owner, ["code", "parent_code", "level"], info.resource.name);
  },
  run: ({ ctx, input }) => {
    const link = packedLink(ctx, input.code as string, "code");
    ctx.records.remove(packagingLinks(ctx), link.id);
    return { parent_code: link.parent_code, level: link.level };
  },
};
