// The screens' strings the public pages show too (the login checks the account name with the
// shared input rule, spec §5): loaded before the first paint, the rest of screens.ts with the console.
import { INPUT_RULE_MESSAGE } from "../../../schema/contract/patterns";
import type { PublicScreensMessages } from "../en/public-screens";

const publicScreens: PublicScreensMessages = {
  screens: {
    rules: {
      // spec §5: exact message of the shared input rule.
      inputRule: INPUT_RULE_MESSAGE,
    },
  },
};

export default publicScreens;
