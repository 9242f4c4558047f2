// Strings of the hand-written override screens (src/overrides).
import type { OverridesMessages } from "../en/overrides";

const overrides: OverridesMessages = {
  overrides: {
    menuEnable: { hint: "菜单停用后，所有账号都看不到它，服务端也拒绝它的调用；已登录的账号在下次登录时生效。" },
    scanPreview: { placeholder: "输入追溯码", notFound: "没有找到码 {{code}}", openPublicPage: "打开消费者扫码页" },
    roleManage: {
      addRole: "新增角色",
      editRole: "编辑角色",
      confirmDelete: "确定删除该角色吗？带有该角色的职位需先移除它。",
      menuEnable: "菜单管理",
      grantsOf: "{{role}} 的权限",
      selectRole: "请在左侧选择一个角色，查看并修改它的菜单和按钮权限。",
      nextLogin: "角色权限的修改在其账号下次登录时生效。",
      adminRole: "admin 角色通过所有权限检查，无需分配权限。",
      save: "保存权限",
      undo: "撤销修改",
      saved: "权限已保存，带有该角色的账号下次登录时生效。",
      saveFailed: "权限未保存",
    },
    departmentPositions: {
      departments: "部门",
      pickDepartment: "查找部门",
      selectDepartment: "请选择一个部门，查看它的职位。",
      positions: "职位",
      addPosition: "新增职位",
      editPosition: "编辑职位",
      confirmDelete: "确定删除该职位吗？职位不能还带有角色或人员。",
      rolesOf: "{{position}} 的角色",
      selectPosition: "请选择一个职位，查看它带有的角色。",
      noRoles: "该职位还没有角色。",
      addRole: "添加角色",
      pickRole: "选择角色",
      linkFailed: "角色未修改",
      nextLogin: "该职位的账号在下次登录时生效。",
    },
  },
};

export default overrides;
