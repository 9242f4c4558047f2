// Account types are the manifest's enum account_type; their labels are enum.account_type.<value>.
import { generatedMessages } from "../../generated/i18n.gen";

export const ACCOUNT_TYPES: readonly string[] = Object.keys(generatedMessages.en.enum.account_type);
