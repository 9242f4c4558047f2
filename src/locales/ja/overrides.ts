// Strings of the hand-written override screens (src/overrides).
import type { OverridesMessages } from "../en/overrides";

const overrides: OverridesMessages = {
  overrides: {
    menuEnable: {
      hint: "無効にしたメニューはすべてのアカウントから見えなくなり、サーバーもその呼び出しを拒否します。ログイン中のアカウントには次回ログイン時に反映されます。",
    },
    scanPreview: {
      placeholder: "トレースコードを入力",
      notFound: "コード {{code}} は見つかりません",
      openPublicPage: "消費者スキャンページを開く",
    },
    roleManage: {
      addRole: "ロールを追加",
      editRole: "ロールを編集",
      confirmDelete: "このロールを削除しますか？このロールを持つ役職から先に外してください。",
      menuEnable: "メニュー管理",
      grantsOf: "{{role}} の権限",
      selectRole: "左側のロールを選択すると、そのメニューとボタンの権限を確認・変更できます。",
      nextLogin: "ロールの権限の変更は、各アカウントの次回ログイン時に反映されます。",
      adminRole: "admin ロールはすべての権限チェックを通過するため、権限の割り当ては不要です。",
      save: "権限を保存",
      undo: "変更を元に戻す",
      saved: "権限を保存しました。このロールのアカウントには次回ログイン時に反映されます。",
      saveFailed: "権限は保存されませんでした",
    },
    departmentPositions: {
      departments: "部門",
      pickDepartment: "部門を検索",
      selectDepartment: "部門を選ぶと、その役職が表示されます。",
      positions: "役職",
      addPosition: "役職を追加",
      editPosition: "役職を編集",
      confirmDelete: "この役職を削除しますか？ロールや所属者が残っていてはいけません。",
      rolesOf: "{{position}} のロール",
      selectPosition: "役職を選ぶと、そのロールが表示されます。",
      noRoles: "この役職にはまだロールがありません。",
      addRole: "ロールを追加",
      pickRole: "ロールを選択",
      linkFailed: "ロールは変更されませんでした",
      nextLogin: "この役職のアカウントには次回ログイン時に反映されます。",
    },
  },
};

export default overrides;
