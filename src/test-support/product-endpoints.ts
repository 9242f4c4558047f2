// Test fixture: the record endpoints of one resource as the generator declares them.
export const productEndpoints = {
  list: { method: "GET", path: "/api/products/pagelist" },
  detail: { method: "GET", path: "/api/products/detail" },
  create: { method: "POST", path: "/api/products/add" },
  update: { method: "POST", path: "/api/products/update" },
  delete: { method: "POST", path: "/api/products/delete" },
} as const;
