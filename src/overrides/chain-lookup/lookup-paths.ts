// Router paths of the two lookups (manifest menus codequery under tagging, packagequery), so each
// links to the other.
export const CODE_LOOKUP_PATH = "/home/tagging/codequery";
export const PACKAGE_LOOKUP_PATH = "/packagequery";
