// Router paths of the two lookups (manifest menus codequery under tagging, packagequery), so each
// links to the other, and of 原料查询 (materialquery), where a code's work order lists its materials.
export const CODE_LOOKUP_PATH = "/home/tagging/codequery";
export const PACKAGE_LOOKUP_PATH = "/packagequery";
export const MATERIAL_QUERY_PATH = "/materialquery";

/** 原料查询 filtered to one work order (the list keeps its filters in the address, refine's syncWithLocation). */
export const materialsOfWorkOrder = (workOrderId: number): string =>
  `${MATERIAL_QUERY_PATH}?pageSize=10&currentPage=1&filters[0][field]=order_id&filters[0][operator]=eq&filters[0][value]=${workOrderId}`;
