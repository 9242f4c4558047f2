// The screens' strings the public pages show too (the login checks the account name with the
// shared input rule, spec §5): loaded before the first paint, the rest of screens.ts with the console.
import type { PublicScreensMessages } from "../en/public-screens";

const publicScreens: PublicScreensMessages = {
  screens: {
    // A create, edit or detail page's name: its card, its tab, the breadcrumb, the page title.
    viewTitle: {
      create: "{{title}} · Nuevo",
      edit: "{{title}} · Editar",
      show: "{{title}}",
    },
    rules: {
      // spec §5: la regla de entrada común.
      inputRule: "No se permiten caracteres especiales como %!=/:;“’ ni caracteres chinos",
    },
  },
};

export default publicScreens;
