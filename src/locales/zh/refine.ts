import type { RefineMessages } from "../en/refine";

const refine: RefineMessages = {
  notifications: {
    success: "成功",
    error: "错误 (状态码: {{statusCode}})",
    createSuccess: "已新增 {{resource}}",
    createError: "新增 {{resource}} 失败 (状态码: {{statusCode}})",
    editSuccess: "已修改 {{resource}}",
    editError: "保存修改失败 (状态码: {{statusCode}})",
    deleteSuccess: "已删除 {{resource}}",
    deleteError: "删除失败 (状态码: {{statusCode}})",
    undoable: "{{seconds}} 秒内可以撤销",
    importProgress: "正在导入: {{processed}}/{{total}}",
  },
  buttons: {
    create: "新增",
    edit: "编辑",
    show: "查看",
    clone: "复制",
    save: "保存",
    delete: "删除",
    cancel: "取消",
    confirm: "确定吗？",
    refresh: "刷新",
    export: "导出",
    import: "导入",
    filter: "筛选",
    clear: "清除",
    logout: "退出登录",
    notAccessTitle: "您没有权限进行此操作",
  },
  actions: {
    create: "新增",
    edit: "编辑",
    show: "查看",
    clone: "复制",
  },
  pages: {
    error: {
      "404": "抱歉，您访问的页面不存在。",
      info: "“{{resource}}” 缺少 “{{action}}” 页面。",
      backHome: "返回首页",
    },
    login: {
      title: "登录您的账号",
      signin: "登录",
      signup: "注册",
      register: "注册",
      divider: "或",
      fields: { email: "邮箱", password: "密码" },
      errors: {
        requiredEmail: "请输入邮箱",
        requiredPassword: "请输入密码",
        validEmail: "邮箱格式不正确",
      },
      buttons: {
        rememberMe: "记住我",
        forgotPassword: "忘记密码？",
        noAccount: "还没有账号？",
        haveAccount: "已有账号？",
      },
    },
    register: {
      title: "注册新账号",
      signin: "登录",
      divider: "或",
      email: "邮箱",
      fields: { email: "邮箱", password: "密码" },
      errors: {
        requiredEmail: "请输入邮箱",
        requiredPassword: "请输入密码",
        validEmail: "邮箱格式不正确",
      },
      buttons: { submit: "注册", haveAccount: "已有账号？" },
    },
    forgotPassword: {
      title: "忘记密码？",
      signin: "登录",
      fields: { email: "邮箱" },
      errors: { requiredEmail: "请输入邮箱", validEmail: "邮箱格式不正确" },
      buttons: { submit: "发送重置说明", haveAccount: "已有账号？" },
    },
    updatePassword: {
      title: "设置新密码",
      fields: { password: "新密码", confirmPassword: "确认新密码" },
      errors: {
        requiredPassword: "请输入密码",
        requiredConfirmPassword: "请再次输入密码",
        confirmPasswordNotMatch: "两次输入的密码不一致",
      },
      buttons: { submit: "更新" },
    },
  },
  autoSave: {
    success: "已保存",
    error: "自动保存失败",
    loading: "正在保存…",
    idle: "等待修改",
  },
  documentTitle: {
    default: "产品追溯系统",
    suffix: " | 产品追溯系统",
  },
  warnWhenUnsavedChanges: "确定要离开吗？您的修改尚未保存。",
};

export default refine;
