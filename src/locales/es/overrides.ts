// Strings of the hand-written override screens (src/overrides).
const overrides = {
  overrides: {
    menuEnable: {
      hint: "Un menú deshabilitado desaparece para todas las cuentas y el servidor rechaza sus llamadas; las cuentas con sesión abierta verán el cambio en su próximo inicio de sesión.",
    },
    scanPreview: {
      placeholder: "Introduzca un código de trazabilidad",
      notFound: "No se encontró el código {{code}}",
      openPublicPage: "Abrir la página de escaneo del consumidor",
    },
  },
};

export default overrides;
