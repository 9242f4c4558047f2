// The ja messages only the signed-in console shows (menus, screens, overrides, refine's), loaded
// with it; what the public pages show too is in public-messages.ts.
import { generatedMessages } from "../../generated/i18n/ja.gen";
import type { ConsoleMessageSources } from "../../i18n/message-sources";
import overrides from "./overrides";
import refine from "./refine";
import screens from "./screens";

export const messages: ConsoleMessageSources = { generated: generatedMessages, screens, overrides, refine };
