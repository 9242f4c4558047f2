// Strings of the hand-written screens (src/screen-kit/screens, src/screen-kit/fields).
import type { ScreensMessages } from "../en/screens";

const screens: ScreensMessages = {
  screens: {
    common: {
      yes: "はい",
      no: "いいえ",
      ok: "OK",
      cancel: "キャンセル",
      back: "戻る",
      search: "検索",
      reset: "リセット",
    },
    list: {
      create: "新規",
      export: "エクスポート",
      show: "詳細",
      edit: "編集",
      delete: "削除",
      actions: "操作",
      confirmDelete: "このレコードを削除しますか？",
      actionDone: "完了しました",
      total: "全 {{total}} 件",
      from: "から",
      to: "まで",
      startDate: "開始日",
      endDate: "終了日",
      choose: "選択してください",
      enter: "入力してください",
    },
    form: { save: "保存", noRecord: "レコードが見つかりません", chooseFirst: "先に{{fields}}を選択してください" },
    show: { title: "詳細" },
    tree: {
      addRoot: "ルートを追加",
      addChild: "子を追加",
      rename: "名前を変更",
      confirmDelete: "このノードを削除しますか？",
      hasChildren: "先に子ノードを削除してください",
      selectNode: "左側のノードを選択してください",
      empty: "データがありません",
      noEndpoint: "このリソースにはツリー取得APIがありません",
    },
    report: { dateRange: "期間", noData: "データがありません" },
    region: { placeholder: "省 / 市 / 区を選択", loadFailed: "地域を読み込めませんでした" },
    image: { placeholder: "画像URL（http/https）", preview: "プレビュー" },
    rules: {
      required: "{{label}}を入力してください",
      minLength: "{{label}}は{{value}}文字以上で入力してください",
      maxLength: "{{label}}は{{value}}文字以内で入力してください",
      minimum: "{{label}}は{{value}}以上にしてください",
      maximum: "{{label}}は{{value}}以下にしてください",
      pattern: "{{label}}の形式が正しくありません",
      integer: "{{label}}は整数で入力してください",
      email: "{{label}}は有効なメールアドレスにしてください",
      uri: "{{label}}は有効なURLにしてください",
      phone: "{{label}}は有効な電話番号にしてください",
      date: "{{label}}は有効な日付にしてください",
      dateTime: "{{label}}は有効な日時にしてください",
      color: "{{label}}は #1890ff のような色にしてください",
      // spec §5: 共通入力ルール。
      inputRule: "%!=/:;“’などの特殊文字と中国語は入力できません",
    },
  },
};

export default screens;
