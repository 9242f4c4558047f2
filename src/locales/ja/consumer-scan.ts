// Strings of the public consumer scan pages (spec §2: /c and /m/q/:qrcode), Japanese.
import type { ConsumerScanMessages } from "../en/consumer-scan";

const consumerScan: ConsumerScanMessages = {
  consumerScan: {
    route: { title: "消費者スキャン" },
    entry: {
      heading: "製品の真贋確認",
      hint: "製品のQRコードの横に印刷されたコードを入力してください。",
      label: "コード",
      placeholder: "例：A1B2C3D4E5",
      submit: "確認",
      required: "コードを入力してください",
      pattern: "コードに使えるのは英字、数字、ハイフン（-）、アンダースコア（_）のみです",
      tooLong: "コードは{{max}}文字以内です",
      scan: "QRコードをスキャン",
      scanHint: "製品のQRコードにカメラを向けてください",
      cancel: "キャンセル",
      cameraFailed: "カメラを使用できません。コードを入力してください",
    },
    result: {
      code: "コード",
      checking: "確認しています…",
      genuineTitle: "正規品です",
      genuineText: "このコードの初回照会です。",
      repeatedTitle: "このコードは{{count}}回照会されています",
      repeatedFirst: "初回照会：{{time}}",
      repeatedCaution: "初めてスキャンした場合、この製品は偽造品の可能性があります。",
      notFoundTitle: "コードが見つかりません",
      notFoundText: "このコードはメーカーの記録にありません。",
      notFoundCaution: "ご注意ください：この製品は偽造品の可能性があります。",
      invalidTitle: "無効なコードです",
      invalidText: "コードは英字、数字、- と _ のみ、{{max}}文字以内です。確認して再入力してください。",
      errorTitle: "コードを確認できませんでした",
      errorText: "接続を確認して、もう一度お試しください。",
      retry: "再試行",
      another: "別のコードを確認",
    },
    product: {
      title: "製品情報",
      unavailable: "このコードには製品情報がありません。",
      brand: "ブランド",
      spec: "規格",
      unit: "包装単位",
      barcode: "JANコード",
      batch: "製造ロット",
      productionDate: "製造日",
      expiryDate: "有効期限",
      shelfLife: "保存期間",
      shelfLifeDays_one: "{{count}}日",
      shelfLifeDays_other: "{{count}}日",
      manufacturer: "製造者",
      address: "製造者所在地",
      imageAlt: "{{name}}の写真",
    },
  },
};

export default consumerScan;
