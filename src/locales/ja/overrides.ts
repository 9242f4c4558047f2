// Strings of the hand-written override screens (src/overrides).
const overrides = {
  overrides: {
    menuEnable: {
      hint: "無効にしたメニューはすべてのアカウントから見えなくなり、サーバーもその呼び出しを拒否します。ログイン中のアカウントには次回ログイン時に反映されます。",
    },
    scanPreview: {
      placeholder: "トレースコードを入力",
      notFound: "コード {{code}} は見つかりません",
      openPublicPage: "消費者スキャンページを開く",
    },
  },
};

export default overrides;
