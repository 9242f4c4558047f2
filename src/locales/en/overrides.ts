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
    roleManage: {
      addRole: "Add role",
      editRole: "Edit role",
      confirmDelete: "Delete this role? Positions that carry it must drop it first.",
      menuEnable: "Menu management",
      grantsOf: "Permissions of {{role}}",
      selectRole: "Select a role on the left to see and change its menus and buttons.",
      nextLogin: "Changes to a role's permissions take effect for each of its accounts at their next login.",
      adminRole: "The admin role passes every permission check; it needs no grants.",
      save: "Save permissions",
      undo: "Undo changes",
      saved: "Permissions saved. Accounts with this role see them at their next login.",
      saveFailed: "Permissions not saved",
    },
    departmentPositions: {
      departments: "Departments",
      pickDepartment: "Find a department",
      selectDepartment: "Pick a department to see its positions.",
      positions: "Positions",
      addPosition: "Add position",
      editPosition: "Edit position",
      confirmDelete: "Delete this position? It must carry no roles and have no staff.",
      rolesOf: "Roles of {{position}}",
      selectPosition: "Select a position to see the roles it carries.",
      noRoles: "This position carries no roles yet.",
      addRole: "Add role",
      pickRole: "Choose a role",
      linkFailed: "The roles were not changed",
      nextLogin: "Accounts in this position get the change at their next login.",
    },
  },
};

export type OverridesMessages = typeof overrides;
export default overrides;
