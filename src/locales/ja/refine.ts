import type { RefineMessages } from "../en/refine";

const refine: RefineMessages = {
  notifications: {
    success: "成功",
    error: "エラー (ステータスコード: {{statusCode}})",
    createSuccess: "{{resource}}を登録しました",
    createError: "{{resource}}を登録できませんでした (ステータスコード: {{statusCode}})",
    editSuccess: "{{resource}}を更新しました",
    editError: "変更を保存できませんでした (ステータスコード: {{statusCode}})",
    deleteSuccess: "{{resource}}を削除しました",
    deleteError: "削除できませんでした (ステータスコード: {{statusCode}})",
    undoable: "{{seconds}} 秒以内なら元に戻せます",
    importProgress: "インポート中: {{processed}}/{{total}}",
  },
  buttons: {
    create: "新規作成",
    edit: "編集",
    show: "詳細",
    clone: "複製",
    save: "保存",
    delete: "削除",
    cancel: "キャンセル",
    confirm: "よろしいですか？",
    refresh: "更新",
    export: "エクスポート",
    import: "インポート",
    filter: "絞り込み",
    clear: "クリア",
    logout: "ログアウト",
    notAccessTitle: "この操作を行う権限がありません",
  },
  actions: {
    create: "新規作成",
    edit: "編集",
    show: "詳細",
    clone: "複製",
  },
  pages: {
    error: {
      "404": "申し訳ありません。お探しのページは存在しません。",
      info: "「{{resource}}」に「{{action}}」画面がありません。",
      backHome: "ホームに戻る",
    },
    login: {
      title: "アカウントにログイン",
      signin: "ログイン",
      signup: "新規登録",
      register: "新規登録",
      divider: "または",
      fields: { email: "メールアドレス", password: "パスワード" },
      errors: {
        requiredEmail: "メールアドレスを入力してください",
        requiredPassword: "パスワードを入力してください",
        validEmail: "メールアドレスの形式が正しくありません",
      },
      buttons: {
        rememberMe: "ログイン状態を保持する",
        forgotPassword: "パスワードをお忘れですか？",
        noAccount: "アカウントをお持ちでない方",
        haveAccount: "アカウントをお持ちの方",
      },
    },
    register: {
      title: "アカウントを作成",
      signin: "ログイン",
      divider: "または",
      email: "メールアドレス",
      fields: { email: "メールアドレス", password: "パスワード" },
      errors: {
        requiredEmail: "メールアドレスを入力してください",
        requiredPassword: "パスワードを入力してください",
        validEmail: "メールアドレスの形式が正しくありません",
      },
      buttons: { submit: "新規登録", haveAccount: "アカウントをお持ちの方" },
    },
    forgotPassword: {
      title: "パスワードをお忘れですか？",
      signin: "ログイン",
      fields: { email: "メールアドレス" },
      errors: {
        requiredEmail: "メールアドレスを入力してください",
        validEmail: "メールアドレスの形式が正しくありません",
      },
      buttons: { submit: "再設定の手順を送信", haveAccount: "アカウントをお持ちの方" },
    },
    updatePassword: {
      title: "新しいパスワードを設定",
      fields: { password: "新しいパスワード", confirmPassword: "新しいパスワード（確認）" },
      errors: {
        requiredPassword: "パスワードを入力してください",
        requiredConfirmPassword: "確認用のパスワードを入力してください",
        confirmPasswordNotMatch: "パスワードが一致しません",
      },
      buttons: { submit: "更新" },
    },
  },
  autoSave: {
    success: "保存しました",
    error: "自動保存に失敗しました",
    loading: "保存中…",
    idle: "変更を待っています",
  },
  documentTitle: {
    default: "製品トレーサビリティシステム",
    suffix: " | 製品トレーサビリティシステム",
  },
  warnWhenUnsavedChanges: "このページを離れますか？変更はまだ保存されていません。",
};

export default refine;
