// Strings of the public consumer scan pages (spec §2: /c and /m/q/:qrcode), Chinese.
import type { ConsumerScanMessages } from "../en/consumer-scan";

const consumerScan: ConsumerScanMessages = {
  consumerScan: {
    route: { title: "消费者扫码" },
    entry: {
      heading: "产品真伪查询",
      hint: "请输入产品上二维码旁印制的码值。",
      label: "码值",
      placeholder: "例如 A1B2C3D4E5",
      submit: "查询",
      required: "请输入码值",
      pattern: "码值只能包含字母、数字、连字符（-）和下划线（_）",
      tooLong: "码值最多 {{max}} 个字符",
      scan: "扫描二维码",
      scanHint: "请将摄像头对准产品上的二维码",
      cancel: "取消",
      cameraFailed: "无法使用摄像头，请手动输入码值",
    },
    result: {
      code: "码值",
      checking: "正在查询…",
      genuineTitle: "正品",
      genuineText: "您查询的是正品，该码为首次查询。",
      repeatedTitle: "该码已被查询 {{count}} 次",
      repeatedFirst: "首次查询时间：{{time}}",
      repeatedCaution: "如果您是第一次查询，该产品可能是假冒产品，请谨慎。",
      notFoundTitle: "查询的码不存在",
      notFoundText: "该码不在生产企业的记录中。",
      notFoundCaution: "请注意：该产品可能是假冒产品。",
      invalidTitle: "码值格式不正确",
      invalidText: "码值只能包含字母、数字、- 和 _，最多 {{max}} 个字符。请核对后重新输入。",
      errorTitle: "暂时无法完成查询",
      errorText: "请检查网络连接后重试。",
      retry: "重试",
      another: "查询其他码",
    },
    product: {
      title: "产品信息",
      unavailable: "该码没有关联的产品信息。",
      brand: "品牌",
      spec: "规格",
      unit: "包装单位",
      barcode: "商品条码",
      batch: "生产批次",
      productionDate: "生产日期",
      expiryDate: "到期日期",
      shelfLife: "保质期",
      shelfLifeDays_one: "{{count}} 天",
      shelfLifeDays_other: "{{count}} 天",
      manufacturer: "生产企业",
      address: "企业地址",
      imageAlt: "{{name}}的产品图片",
    },
  },
};

export default consumerScan;
