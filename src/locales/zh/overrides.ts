// Strings of the hand-written override screens (src/overrides).
const overrides = {
  overrides: {
    menuEnable: { hint: "菜单停用后，所有账号都看不到它，服务端也拒绝它的调用；已登录的账号在下次登录时生效。" },
    scanPreview: { placeholder: "输入追溯码", notFound: "没有找到码 {{code}}", openPublicPage: "打开消费者扫码页" },
  },
};

export default overrides;
