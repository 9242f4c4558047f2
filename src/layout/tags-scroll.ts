// spec §9: the tab strip scrolls the active tab into view, keeping the neighbour visible with 4 px padding,
// and scrolls by the wheel divided by 4.

export interface TagBox {
  readonly left: number;
  readonly width: number;
}

export function scrollToTag(
  tags: readonly TagBox[],
  index: number,
  view: { readonly scrollLeft: number; readonly width: number; readonly scrollWidth: number },
  padding: number,
): number {
  if (index < 0 || tags.length === 0) return view.scrollLeft;
  if (index === 0) return 0;
  if (index === tags.length - 1) return Math.max(0, view.scrollWidth - view.width);
  const next = tags[index + 1];
  const prev = tags[index - 1];
  const afterNext = next.left + next.width + padding;
  const beforePrev = prev.left - padding;
  if (afterNext > view.scrollLeft + view.width) return afterNext - view.width;
  if (beforePrev < view.scrollLeft) return beforePrev;
  return view.scrollLeft;
}

/** The wheel's movement as the browser reports it (WheelEvent's deltaX, deltaY, deltaMode). */
export interface WheelDelta {
  readonly deltaX: number;
  readonly deltaY: number;
  /** 0 pixels (Chromium, Safari), 1 lines (Firefox with a mouse), 2 pages. */
  readonly deltaMode: number;
}

/** A line counts 40 px, as the original's `-deltaY * 40` did for line-based wheels. */
export const WHEEL_LINE_PX = 40;

/**
 * The wheel's movement in pixels. The original multiplied every delta by 40, which was right for
 * line-based wheels only; a pixel-based one (Chromium's 100 a notch) then jumped 1,000 px a notch.
 */
export function wheelPixels(wheel: WheelDelta, pageWidth: number): number {
  const delta = wheel.deltaY || wheel.deltaX;
  if (wheel.deltaMode === 1) return delta * WHEEL_LINE_PX;
  if (wheel.deltaMode === 2) return delta * pageWidth;
  return delta;
}

/** spec §9: the strip moves by the wheel's movement divided by 4. */
export const wheelScroll = (scrollLeft: number, pixels: number, divisor: number): number =>
  scrollLeft + pixels / divisor;
