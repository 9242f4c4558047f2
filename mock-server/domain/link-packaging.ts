// packaging_links onCreate: a package cannot hold itself, directly (parent_code = child_code) or
// further up the chain (the child already holds the parent). A child packed elsewhere is the
// x-unique 409 of child_code.
import { invalid } from "../errors";
import type { CreateHandler } from "./create-handler";
import { linkOf, requireColumns } from "./packaging-links";

/** item → box → case → pallet; a longer walk means the chain is already broken. */
const MAX_DEPTH = 16;

export const linkPackaging: CreateHandler = {
  check: (ctx, info) => requireColumns(ctx, `${info.resource.name}.onCreate link-packaging`, ["parent_code", "child_code"], info.resource.name),
  run: ({ ctx, input }) => {
    const child = input.child_code as string;
    let parent: string | undefined = input.parent_code as string;
    if (parent === child) throw invalid("child_code", "must differ from parent_code");
    for (let depth = 0; parent !== undefined && depth < MAX_DEPTH; depth += 1) {
      if (parent === child) throw invalid("child_code", `${child} already holds ${input.parent_code as string}; a package cannot contain itself`);
      parent = linkOf(ctx, parent)?.parent_code;
    }
    return undefined;
  },
};
