// The ja messages every page shows, the login's, the set-password page's and the error pages', loaded
// before the first paint; the consumer scan pages' (consumer-scan.ts) load with those pages and the
// rest (console-messages.ts) with the signed-in console.
import { publicGeneratedMessages } from "../../generated/i18n/ja-public.gen";
import type { PublicMessageSources } from "../../i18n/message-sources";
import publicScreens from "./public-screens";
import shell from "./shell";

export const messages: PublicMessageSources = { generated: publicGeneratedMessages, screens: publicScreens, shell };
