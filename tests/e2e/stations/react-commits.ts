// Which components React drew in each commit of the page, seen through the hook React offers its
// developer tools (__REACT_DEVTOOLS_GLOBAL_HOOK__, read by production builds too): the probe stands in
// for the tools, so the console carries no counter of its own. A component drew when its fiber did
// work in the commit; a subtree whose child list is the one of the commit before did not draw at all
// (the rule React's developer tools follow). Components are named by their props' names, which a
// production build keeps: the station is the one with `config` and `station`, the list below it the
// one with `config` and `readOnly`.
import type { Page } from "@playwright/test";

export interface Commit {
  /** Each component drawn: its props' names, sorted and joined with commas. */
  readonly drawn: readonly string[];
  /** Of those, how many are the station or its parts (the list below it, which loads on its own time, not counted). */
  readonly inStation: number;
  /** The code the verdict showed once the commit was on screen. */
  readonly verdictCode: string | null;
  /** The address (path and query) the router drew in this commit, when it drew. */
  readonly routerLocation: string | null;
}

/** Installs the probe before the console's scripts run; read it with commitsSince. */
export async function watchCommits(page: Page): Promise<void> {
  // A string: the page runs it as it is, before React loads.
  await page.addInitScript(`(() => {
    const PERFORMED_WORK = 1;
    const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
    const commits = [];
    window.__reactCommits = commits;
    const isStation = (fiber) => {
      const props = fiber.memoizedProps;
      return COMPONENT_TAGS.has(fiber.tag) && props && typeof props === "object" && "station" in props && "config" in props;
    };
    const isList = (fiber) => {
      const props = fiber.memoizedProps;
      return COMPONENT_TAGS.has(fiber.tag) && props && typeof props === "object" && "readOnly" in props && "config" in props;
    };
    // The station's own parts: the list below it loads and refreshes on its own time.
    const inStation = (fiber) => {
      for (let at = fiber; at; at = at.return) {
        if (isList(at)) return false;
        if (isStation(at)) return true;
      }
      return false;
    };
    // react-router's <Router>: its location prop is the address the console is drawn for.
    const isRouter = (fiber) => {
      const props = fiber.memoizedProps;
      return props && typeof props === "object" && "navigator" in props && "navigationType" in props && "location" in props;
    };
    const walk = (fiber, drawn) => {
      if (COMPONENT_TAGS.has(fiber.tag) && (fiber.flags & PERFORMED_WORK) === PERFORMED_WORK) drawn.push(fiber);
      if (fiber.alternate && fiber.child === fiber.alternate.child) return;
      for (let child = fiber.child; child; child = child.sibling) walk(child, drawn);
    };
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject(renderer) { this.renderers.set(1, renderer); return 1; },
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      onCommitFiberRoot(_id, root) {
        const drawn = [];
        for (let child = root.current.child; child; child = child.sibling) walk(child, drawn);
        if (drawn.length === 0) return;
        const code = document.querySelector(".station-verdict__code");
        const router = drawn.find(isRouter);
        const at = router && router.memoizedProps.location;
        commits.push({
          drawn: drawn.map((fiber) => Object.keys(fiber.memoizedProps || {}).sort().join(",")),
          inStation: drawn.filter(inStation).length,
          verdictCode: code ? code.textContent : null,
          routerLocation: at ? at.pathname + at.search : null,
        });
      },
    };
  })()`);
}

/**
 * The address the router last drew. react-router draws a new address in a transition, which React
 * may hold back behind urgent updates (a scan's verdict) on a slow host: the address bar shows it
 * before the console is drawn for it.
 */
export const drawnLocation = (page: Page): Promise<string | null> =>
  page.evaluate<string | null>(
    "window.__reactCommits.map((commit) => commit.routerLocation).filter((at) => at !== null).at(-1) ?? null",
  );

/** A mark to read the commits after. */
export const commitMark = (page: Page): Promise<number> => page.evaluate<number>("window.__reactCommits.length");

/** The commits since `mark`. */
export const commitsSince = (page: Page, mark: number): Promise<Commit[]> =>
  page.evaluate<Commit[]>(`window.__reactCommits.slice(${mark})`);
