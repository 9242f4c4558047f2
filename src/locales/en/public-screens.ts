// The screens' strings the public pages show too (the login checks the account name with the
// shared input rule, spec §5): loaded before the first paint, the rest of screens.ts with the console.

const publicScreens = {
  screens: {
    // A create, edit or detail page's name: its card, its tab, the breadcrumb, the page title.
    viewTitle: {
      create: "{{title}} · New",
      edit: "{{title}} · Edit",
      show: "{{title}}",
    },
    rules: {
      // spec §5: the shared input rule.
      inputRule: "Special characters such as %!=/:;“’ and Chinese characters are not allowed",
    },
  },
};

export type PublicScreensMessages = typeof publicScreens;
export default publicScreens;
