// The tab strip's horizontal scroller: wheel scrolling ÷ 4 (spec §9), the active tab kept in view.
import { useEffect, useRef, type ReactNode } from "react";
import { TAGS_VIEW } from "../settings";
import { scrollToTag, wheelPixels, wheelScroll } from "./tags-scroll";

interface Props {
  readonly activeIndex: number;
  readonly count: number;
  readonly children: ReactNode;
}

export function ScrollPane({ activeIndex, count, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Native and not passive, so the page does not scroll with the strip (the original's .prevent).
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const pixels = wheelPixels(event, element.clientWidth);
      element.scrollLeft = wheelScroll(element.scrollLeft, pixels, TAGS_VIEW.wheelDivisor);
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const tags = [...element.querySelectorAll<HTMLElement>(".tags-view-item")].map((tag) => ({
      left: tag.offsetLeft,
      width: tag.offsetWidth,
    }));
    element.scrollLeft = scrollToTag(
      tags,
      activeIndex,
      { scrollLeft: element.scrollLeft, width: element.clientWidth, scrollWidth: element.scrollWidth },
      TAGS_VIEW.scrollPadding,
    );
  }, [activeIndex, count]);

  return (
    <div className="tags-scroll-pane" ref={ref}>
      {children}
    </div>
  );
}
