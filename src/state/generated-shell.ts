// The generated modules the shell reads and a manifest save changes: refine's resources, the menu
// tree and the page routes. Read through this store, so that in development their hot updates are
// held (held-updates.ts) and shown together with the roles the server gives for them, in one render.
// A production build has no `import.meta.hot`: the store keeps what the build generated.
import { refineResources } from "../generated/resources.gen";
import { menuTree, pageRoutes } from "../generated/routes.gen";
import { createStore } from "./create-store";
import { holdUpdate } from "./held-updates";

export interface GeneratedShell {
  readonly resources: typeof refineResources;
  readonly menuTree: typeof menuTree;
  readonly pageRoutes: typeof pageRoutes;
}

export const generatedShell = createStore<GeneratedShell>({ resources: refineResources, menuTree, pageRoutes });

if (import.meta.hot) {
  import.meta.hot.accept("../generated/resources.gen", (module) => {
    const next = module as typeof import("../generated/resources.gen") | undefined;
    if (next)
      holdUpdate("resources", () => generatedShell.set((shell) => ({ ...shell, resources: next.refineResources })));
  });
  import.meta.hot.accept("../generated/routes.gen", (module) => {
    const next = module as typeof import("../generated/routes.gen") | undefined;
    if (next)
      holdUpdate("routes", () =>
        generatedShell.set((shell) => ({ ...shell, menuTree: next.menuTree, pageRoutes: next.pageRoutes })),
      );
  });
}
