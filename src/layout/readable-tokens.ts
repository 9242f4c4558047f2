// antd's own colours that carry text but fall short of WCAG's 4.5:1 on the background antd puts them
// on: secondary text (#8c8c8c on white: breadcrumbs, statistic titles, hints), the status colours
// (a success tag's green on its pale green, a finished progress bar's figures) and the text of the
// preset tag colours (cyan, gold, lime, …). Each keeps its hue, moved just dark enough to read
// (utils/contrast); the pale backgrounds and borders stay antd's.
import { theme, type ThemeConfig } from "antd";
import { readableOn } from "../utils/contrast";

type Tokens = NonNullable<ThemeConfig["token"]>;

const STATUSES = ["Success", "Warning", "Error", "Info"] as const;

/** antd's preset colours; a tag in one of them has its 7th shade on its 1st. */
const PRESETS = [
  "blue",
  "purple",
  "cyan",
  "green",
  "magenta",
  "pink",
  "red",
  "orange",
  "yellow",
  "volcano",
  "geekblue",
  "lime",
  "gold",
] as const;

/**
 * Black at 60 % reads at 5.5:1 on white and on every pale background of the console (#f5f5f5,
 * #f0f2f5, a selected row's tint), where antd's 45 % reads at 3.4:1.
 */
const SECONDARY_TEXT = "rgba(0, 0, 0, 0.6)";

export function readableTokens(): Tokens {
  const defaults = theme.getDesignToken() as unknown as Readonly<Record<string, string>>;
  const tokens: Record<string, string> = {
    colorTextTertiary: SECONDARY_TEXT,
    colorTextDescription: SECONDARY_TEXT,
  };
  for (const status of STATUSES) {
    const background = defaults[`color${status}Bg`];
    // The status colour is a seed: antd would derive its backgrounds and borders from the darker
    // shade, so they are kept as they were.
    tokens[`color${status}`] = readableOn(defaults[`color${status}`], background);
    for (const kept of ["Bg", "BgHover", "Border", "BorderHover"])
      tokens[`color${status}${kept}`] = defaults[`color${status}${kept}`];
  }
  for (const preset of PRESETS) tokens[`${preset}7`] = readableOn(defaults[`${preset}7`], defaults[`${preset}1`]);
  return tokens;
}
