// packaging_unlinks onCreate (关联解除): the logged code leaves its package — an unpacking event, its
// state back to activated with no parent, its link row gone — and the log row keeps what it was
// linked to (parent_code, level). What the code itself holds stays with it: unpacking a box from
// its case does not empty the box.
import { invalid } from "../errors";
import { knownCode } from "./code-lookup";
import type { CreateHandler } from "./create-handler";
import { linkOf, packagingLinks, requireColumns } from "./packaging-links";
import { unpack } from "./packing";

export const unlinkPackaging: CreateHandler = {
  check: (ctx, info) => {
    const owner = `${info.resource.name}.onCreate unlink-packaging`;
    requireColumns(ctx, owner, ["parent_code", "child_code", "level"]);
    requireColumns(ctx, owner, ["code", "parent_code", "level"], info.resource.name);
  },
  run: ({ ctx, input, actor }) => {
    const code = knownCode(ctx, input.code as string, "code");
    if (!code.parent_code) throw invalid("code", `${code.code} is not packed in any package`);
    const parent = knownCode(ctx, code.parent_code, "code");
    unpack(ctx, parent.code, [code.code], actor.account, (input.reason as string | undefined) ?? null);
    const link = linkOf(ctx, code.code);
    if (link) ctx.records.remove(packagingLinks(ctx), link.id);
    return { parent_code: parent.code, level: parent.code_type };
  },
};
