// List paging limits: the server refuses a larger `size`, the console never asks for one.
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
