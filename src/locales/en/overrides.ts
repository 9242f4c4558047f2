// Strings of the hand-written override screens (src/overrides).
const overrides = {
  overrides: {
    menuEnable: {
      hint: "A disabled menu disappears for every account and the server refuses its calls; signed-in accounts see the change at their next login.",
    },
    scanPreview: {
      placeholder: "Enter a trace code",
      notFound: "No code {{code}} was found",
      openPublicPage: "Open the consumer scan page",
    },
  },
};

export default overrides;
