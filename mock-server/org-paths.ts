// The paths spec §7 gives the organisation resources: how the server finds them in the manifest.
// A constant apart from the organisation code, so a domain rule that reads one of them (the
// enterprise's record) names the path without importing the organisation layer.
export const ORG_PATHS = {
  accounts: "/api/org/employees/",
  positions: "/api/org/positions/",
  roles: "/api/org/roles/",
  positionRoles: "/api/org/positionrole/",
  departments: "/api/org/enterprisedepart/",
  enterprise: "/api/org/enterpriseaccount/",
  menuButtons: "/api/org/menubutton/",
} as const;
