// WCAG 2.1 contrast (success criterion 1.4.3): text must stand out from what is behind it by
// 4.5:1. A colour someone picked (the theme, a scan template's colour, a status colour) is moved
// towards black on a light background, or towards white on a dark one, just far enough to reach it.
import { channels, shadeColor, tintColor } from "./theme-cluster";

/** WCAG AA for text below 18.66 px bold or 24 px: every label, cell and button of the console. */
export const TEXT_CONTRAST = 4.5;

/** The luminance at which black and white text contrast equally; above it dark text reads better. */
const MID_LUMINANCE = 0.179;

/** Relative luminance of a #rgb or #rrggbb colour (WCAG 2.1 definition). */
export function luminance(colour: string): number {
  const [r, g, b] = channels(colour).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 (none) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `colour`, or the nearest shade of it (darker on a light background, lighter on a dark one) that
 * reads on `background` at `ratio`, in steps of 1 %, so its hue stays recognisable.
 */
export function readableOn(colour: string, background: string, ratio = TEXT_CONTRAST): string {
  const lower = colour.toLowerCase();
  if (contrastRatio(lower, background) >= ratio) return lower;
  const towards = luminance(background) > MID_LUMINANCE ? shadeColor : tintColor;
  for (let step = 1; step <= 100; step++) {
    const moved = towards(lower, step / 100);
    if (contrastRatio(moved, background) >= ratio) return moved;
  }
  return towards(lower, 1);
}
