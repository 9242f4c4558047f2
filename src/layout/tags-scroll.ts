// spec §9: the tab strip scrolls the active tab into view, keeping the neighbour visible with 4 px padding.

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
