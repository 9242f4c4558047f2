// Each kept page gets its scroll position back; a page opened afresh starts at the top (spec §2).
import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";

export function useScrollRestore(
  scrollerRef: RefObject<HTMLElement | null>,
  path: string | undefined,
  keptPaths: readonly string[],
): void {
  const positions = useRef(new Map<string, number>());
  const currentPath = useRef(path);

  useEffect(() => {
    const element = scrollerRef.current;
    if (!element) return;
    const onScroll = () => {
      if (currentPath.current) positions.current.set(currentPath.current, element.scrollTop);
    };
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => element.removeEventListener("scroll", onScroll);
  }, [scrollerRef]);

  const keptKey = keptPaths.join("\n");
  useLayoutEffect(() => {
    currentPath.current = path;
    // A page that is not kept alive opens at the top next time.
    const kept = new Set(keptKey.split("\n"));
    for (const known of positions.current.keys())
      if (!kept.has(known) && known !== path) positions.current.delete(known);
    const element = scrollerRef.current;
    if (element && path) element.scrollTop = kept.has(path) ? (positions.current.get(path) ?? 0) : 0;
  }, [scrollerRef, path, keptKey]);
}
