// The screens' strings the public pages show too (the login checks the account name with the
// shared input rule, spec §5): loaded before the first paint, the rest of screens.ts with the console.
import type { PublicScreensMessages } from "../en/public-screens";

const publicScreens: PublicScreensMessages = {
  screens: {
    // A create, edit or detail page's name: its card, its tab, the breadcrumb, the page title.
    viewTitle: {
      create: "{{title}} · 新規",
      edit: "{{title}} · 編集",
      show: "{{title}} · 詳細",
    },
    rules: {
      // spec §5: 共通入力ルール。
      inputRule: "%!=/:;“’などの特殊文字と中国語は入力できません",
    },
  },
};

export default publicScreens;
