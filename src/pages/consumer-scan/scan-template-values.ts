// What a scan template may put on the page, checked: only a web address is ever put in src or href,
// only a #rrggbb colour in a style.
import type { ScanAnswer } from "./scan-api";

export type ScanPage = NonNullable<ScanAnswer["page"]>;
export type ScanBanner = ScanPage["banners"][number];

export const isWebAddress = (url: string | null | undefined): url is string => !!url && /^https?:\/\//i.test(url);
export const isColour = (value: string | null): value is string => !!value && /^#[0-9a-f]{6}$/i.test(value);
