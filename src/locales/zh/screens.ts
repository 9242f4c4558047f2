// Strings of the hand-written screens (src/screen-kit/screens, src/screen-kit/fields).
import { INPUT_RULE_MESSAGE } from "../../../schema/contract/patterns";
import type { ScreensMessages } from "../en/screens";

const screens: ScreensMessages = {
  screens: {
    common: {
      yes: "是",
      no: "否",
      ok: "确定",
      cancel: "取消",
      back: "返回",
      search: "查询",
      reset: "重置",
    },
    list: {
      create: "新增",
      export: "导出",
      exportCsv: "导出 CSV",
      exportXlsx: "导出 Excel（XLSX）",
      exportProgress: "导出中 {{percent}}%",
      exportBytes: "导出中 {{mb}} MB",
      show: "查看",
      edit: "编辑",
      delete: "删除",
      actions: "操作",
      confirmDelete: "确定删除这条记录吗？",
      actionDone: "操作成功",
      total: "共 {{total}} 条",
      from: "起",
      to: "止",
      startDate: "开始日期",
      endDate: "结束日期",
      choose: "请选择",
      enter: "请输入",
    },
    form: { save: "保存", noRecord: "没有找到记录", chooseFirst: "请先选择{{fields}}" },
    show: { title: "详情" },
    tree: {
      addRoot: "新增根节点",
      addChild: "新增下级",
      rename: "重命名",
      confirmDelete: "确定删除该节点吗？",
      hasChildren: "请先删除下级节点",
      selectNode: "请在左侧选择一个节点",
      empty: "暂无数据",
      noEndpoint: "该资源没有树形数据接口",
    },
    report: { dateRange: "日期范围", noData: "暂无数据" },
    region: { placeholder: "请选择省 / 市 / 区", loadFailed: "地区加载失败" },
    image: { placeholder: "图片地址（http/https）", preview: "预览" },
    rules: {
      required: "请填写{{label}}",
      minLength: "{{label}}至少 {{value}} 个字符",
      maxLength: "{{label}}最多 {{value}} 个字符",
      minimum: "{{label}}不能小于 {{value}}",
      maximum: "{{label}}不能大于 {{value}}",
      pattern: "{{label}}格式不正确",
      integer: "{{label}}必须是整数",
      email: "{{label}}必须是有效的邮箱地址",
      uri: "{{label}}必须是有效的网址",
      phone: "{{label}}必须是有效的电话号码",
      date: "{{label}}必须是有效的日期",
      dateTime: "{{label}}必须是有效的日期时间",
      color: "{{label}}必须是颜色值，如 #1890ff",
      // spec §5: exact message of the shared input rule.
      inputRule: INPUT_RULE_MESSAGE,
    },
  },
};

export default screens;
