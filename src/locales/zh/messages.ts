// Every zh message source in one module: the console loads only the language it shows (issue 14).
import { generatedMessages } from "../../generated/i18n/zh.gen";
import type { MessageSources } from "../../i18n/messages";
import consumerScan from "./consumer-scan";
import overrides from "./overrides";
import refine from "./refine";
import screens from "./screens";
import shell from "./shell";

export const messages: MessageSources = { generated: generatedMessages, shell, screens, overrides, consumerScan, refine };
