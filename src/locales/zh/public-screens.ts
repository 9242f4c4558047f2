// The screens' strings the public pages show too (the login checks the account name with the
// shared input rule, spec §5): loaded before the first paint, the rest of screens.ts with the console.
import { INPUT_RULE_MESSAGE } from "../../../schema/contract/patterns";
import type { PublicScreensMessages } from "../en/public-screens";

const publicScreens: PublicScreensMessages = {
  screens: {
    // A create, edit or detail page's name: its card, its tab, the breadcrumb, the page title.
    viewTitle: {
      create: "新增{{title}}",
      edit: "编辑{{title}}",
      show: "{{title}}详情",
    },
    rules: {
      // spec §5: exact message of the shared input rule.
      inputRule: INPUT_RULE_MESSAGE,
    },
  },
};

export default publicScreens;
