import { describe, expect, it } from "vitest";
import { TAGS_VIEW } from "../settings";
import { scrollToTag, wheelPixels, wheelScroll } from "./tags-scroll";

// Ten tags of 100 px with 5 px between them, in a 300 px strip.
const tags = Array.from({ length: 10 }, (_, i) => ({ left: i * 105, width: 100 }));
const view = (scrollLeft: number) => ({ scrollLeft, width: 300, scrollWidth: 1045 });

describe("spec §9 tab strip scrolling", () => {
  it("uses 4 px of padding", () => expect(TAGS_VIEW.scrollPadding).toBe(4));
  it("goes to the start for the first tab and the end for the last", () => {
    expect(scrollToTag(tags, 0, view(500), 4)).toBe(0);
    expect(scrollToTag(tags, 9, view(0), 4)).toBe(745);
  });
  it("shows the next tab plus padding when the active one is near the right edge", () => {
    // tag 3 active: tag 4 ends at 420+100+4 = 524 → scrollLeft 224
    expect(scrollToTag(tags, 3, view(0), 4)).toBe(224);
  });
  it("shows the previous tab minus padding when the active one is near the left edge", () => {
    // tag 5 active at scrollLeft 600: tag 4 starts at 420 → 416
    expect(scrollToTag(tags, 5, view(600), 4)).toBe(416);
  });
  it("stays put when the neighbours are visible", () => {
    expect(scrollToTag(tags, 2, { scrollLeft: 100, width: 400, scrollWidth: 1045 }, 4)).toBe(100);
  });
});

describe("spec §9 tab strip wheel", () => {
  it("divides the wheel's movement by 4", () => {
    expect(TAGS_VIEW.wheelDivisor).toBe(4);
    expect(wheelScroll(0, 100, TAGS_VIEW.wheelDivisor)).toBe(25);
    expect(wheelScroll(200, -120, TAGS_VIEW.wheelDivisor)).toBe(170);
  });
  it("reads pixels as pixels, lines as 40 px and pages as the strip's width", () => {
    expect(wheelPixels({ deltaX: 0, deltaY: 100, deltaMode: 0 }, 300)).toBe(100);
    expect(wheelPixels({ deltaX: 0, deltaY: 3, deltaMode: 1 }, 300)).toBe(120);
    expect(wheelPixels({ deltaX: 0, deltaY: -1, deltaMode: 2 }, 300)).toBe(-300);
  });
  it("takes a horizontal wheel when there is no vertical movement", () => {
    expect(wheelPixels({ deltaX: 60, deltaY: 0, deltaMode: 0 }, 300)).toBe(60);
  });
  it("moves a notch of a pixel wheel 25 px, and of a line wheel 30 px as the original did", () => {
    const notch = (wheel: { deltaX: number; deltaY: number; deltaMode: number }) =>
      wheelScroll(0, wheelPixels(wheel, 300), TAGS_VIEW.wheelDivisor);
    expect(notch({ deltaX: 0, deltaY: 100, deltaMode: 0 })).toBe(25);
    expect(notch({ deltaX: 0, deltaY: 3, deltaMode: 1 })).toBe(30);
  });
});
