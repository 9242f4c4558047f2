// Every UI default and shell constant of spec §9 lives here, in one place, so no default is repeated elsewhere.

/** spec §1: the sidebar title and the suffix of every page title. */
export const SYSTEM_TITLE = "4.1.0追溯系统";

export type SizeName = "default" | "medium" | "small" | "mini";
export const SIZES: readonly SizeName[] = ["default", "medium", "small", "mini"];

/** Where the error log collects (spec §8: on in production; add "development" to try it locally). */
export type ErrorLogEnv = "production" | "development";

export interface UiSettings {
  readonly showSettings: boolean;
  readonly tagsView: boolean;
  readonly fixedHeader: boolean;
  readonly sidebarLogo: boolean;
  readonly theme: string;
  /** Development builds only: collect errors there too (spec §8 "switchable in development"). */
  readonly errorLogInDev: boolean;
}

/** spec §9 settings defaults. */
export const DEFAULT_SETTINGS: UiSettings = {
  showSettings: true,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  theme: "#1890ff",
  errorLogInDev: false,
};

/** spec §9 gives mini in one reading and medium (the app state's) in the other; we take the app state's. */
export const DEFAULT_SIZE: SizeName = "medium";

export type Language = "zh" | "en" | "es" | "ja";
export const LANGUAGES: readonly Language[] = ["zh", "en", "es", "ja"];
/** spec §9: cookie, else browser, else en. */
export const FALLBACK_LANGUAGE: Language = "en";

export const LAYOUT = {
  sidebarWidth: 210,
  sidebarCollapsedWidth: 54,
  /** spec §9: body width below 992 px is mobile. */
  mobileBreakpoint: 992,
  menuText: "#bfcbd9",
  menuActiveText: "#409EFF",
  menuBg: "#304156",
  subMenuBg: "#1f2d3d",
  menuHover: "#263445",
} as const;

export const TAGS_VIEW = {
  contextMenuWidth: 105,
  scrollPadding: 4,
  wheelDivisor: 4,
} as const;

export const SEARCH = {
  threshold: 0.4,
  titleWeight: 0.7,
  pathWeight: 0.3,
} as const;

/** spec §9: error messages stay 5 s. */
export const MESSAGE_DURATION_S = 5;

/** The public routes of spec §2 and the shell's own pages. */
export const PATHS = {
  login: "/login",
  authRedirect: "/auth-redirect",
  notFound: "/404",
  unauthorized: "/401",
  redirect: "/redirect",
  dashboard: "/dashboard",
  profile: "/profile",
  profileIndex: "/profile/index",
  /** An account holding an administrator-given password sets its own here first. */
  setPassword: "/set-password",
  /** spec §2 消费者扫码: the code entry page, and the page a product's QR code leads to (+ /:qrcode). */
  consumerScan: "/c",
  consumerScanResult: "/m/q",
  /** A GS1 Digital Link (/01/{gtin}/21/{serial}) opens the same page. */
  digitalLink: "/01/:gtin/21/:serial",
} as const;

/** Where the shell's calls go besides the console's own origin (their paths are in schema/contract/calls.ts): spec §7's login log has its own base URL. */
export const API = {
  loginLogBaseUrl: "/loginlog",
} as const;

/** The enterprise whose ICP record the login footer shows; fixed at build time. */
export const ENTERPRISE_CODE: string = import.meta.env?.VITE_ENTERPRISE_CODE || "E0001";
