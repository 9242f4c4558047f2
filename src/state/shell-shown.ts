// Whether the console's layout has been shown in this page load. The "Confirm
// logout" question belongs only to a page that was working; a reload that finds its session already
// ended goes straight to the login form, with one quiet line instead.
let shown = false;

export const markShellShown = (): void => {
  shown = true;
};

export const shellHasShown = (): boolean => shown;
