// Word lists for realistic Chinese demo data.

export const SURNAMES: readonly [string, string][] = [
  ["王", "wang"], ["李", "li"], ["张", "zhang"], ["刘", "liu"], ["陈", "chen"], ["杨", "yang"], ["黄", "huang"], ["赵", "zhao"],
  ["吴", "wu"], ["周", "zhou"], ["徐", "xu"], ["孙", "sun"], ["马", "ma"], ["朱", "zhu"], ["胡", "hu"], ["郭", "guo"],
  ["何", "he"], ["林", "lin"], ["高", "gao"], ["罗", "luo"], ["郑", "zheng"], ["梁", "liang"], ["谢", "xie"], ["宋", "song"],
];

export const GIVEN_NAMES: readonly [string, string][] = [
  ["伟", "wei"], ["芳", "fang"], ["娜", "na"], ["敏", "min"], ["静", "jing"], ["磊", "lei"], ["强", "qiang"], ["洋", "yang"],
  ["艳", "yan"], ["勇", "yong"], ["军", "jun"], ["杰", "jie"], ["娟", "juan"], ["涛", "tao"], ["明", "ming"], ["超", "chao"],
  ["秀英", "xiuying"], ["建华", "jianhua"], ["志强", "zhiqiang"], ["海燕", "haiyan"], ["晓东", "xiaodong"], ["丽华", "lihua"],
  ["文博", "wenbo"], ["子涵", "zihan"], ["雨桐", "yutong"], ["浩然", "haoran"], ["嘉怡", "jiayi"], ["俊杰", "junjie"],
];

/** GPS positions (geo URIs, WGS-84) in city centres: Hangzhou, Shanghai, Beijing, Guangzhou, Shenzhen, Chengdu, Wuhan, Xi'an. */
export const CITY_POSITIONS = [
  "geo:30.2741,120.1551",
  "geo:31.2304,121.4737",
  "geo:39.9042,116.4074",
  "geo:23.1291,113.2644",
  "geo:22.5431,114.0579",
  "geo:30.5728,104.0668",
  "geo:30.5928,114.3055",
  "geo:34.3416,108.9398",
];
export const CITIES = ["杭州", "上海", "北京", "广州", "深圳", "成都", "武汉", "南京", "苏州", "西安", "郑州", "长沙", "青岛", "宁波", "厦门", "合肥"];
export const COMPANY_WORDS = ["鑫源", "恒泰", "华润", "金禾", "丰达", "瑞祥", "嘉禾", "宏图", "永盛", "天润", "佳美", "福康", "隆盛", "汇通", "康达", "盛世"];
export const COMPANY_KINDS = ["贸易有限公司", "商贸有限公司", "食品有限公司", "供应链管理有限公司", "实业有限公司", "物流有限公司"];

export const BRANDS = ["五谷香", "清泉源", "山野农", "稻花乡", "绿源", "金麦穗", "百味坊", "天山雪", "老字号", "禾丰", "鲜之源", "谷满仓"];
export const PRODUCT_KINDS = ["纯牛奶", "酸奶", "矿泉水", "绿茶", "花生油", "大米", "挂面", "酱油", "陈醋", "蜂蜜", "白酒", "啤酒", "饼干", "果汁", "咖啡", "奶粉"];
export const PRODUCT_SPECS = ["250ml×24", "500ml×12", "1L×6", "5kg", "10kg", "2.5L", "400g", "750ml", "330ml×24", "1kg×10"];
export const UNITS = ["瓶", "盒", "箱", "袋", "桶", "罐", "包", "托"];
export const MATERIALS = ["白砂糖", "生牛乳", "食用盐", "大豆", "小麦粉", "玻璃瓶", "PET瓶坯", "瓦楞纸箱", "标签纸", "瓶盖", "收缩膜", "食品添加剂"];
export const DEPARTMENTS_ROOT = ["集团总部", "华东分公司", "华南分公司"];
export const DEPARTMENTS = ["生产中心", "销售中心", "质量管理部", "财务部", "人力资源部", "信息技术部", "物流中心", "采购部", "仓储部", "市场部", "稽查部", "客服部"];
export const POSITIONS = ["部门经理", "生产主管", "质检员", "仓库管理员", "销售代表", "物流专员", "财务会计", "采购专员", "稽查专员", "客服专员", "系统运维", "车间主任"];
export const ROLE_NAMES = ["warehouse_keeper", "qa_inspector", "production_planner", "sales_manager", "logistics_clerk", "finance_auditor", "code_operator", "customer_service", "field_inspector", "plant_manager"];
export const RULE_NAMES = ["单品码标准规则", "盒码规则", "箱码规则", "垛码规则", "防伪码规则", "营销码规则", "出口产品码规则"];
export const WAREHOUSES = ["华东中心仓", "华南配送仓", "华北中转仓", "西南区域仓", "工厂成品仓", "原料仓", "电商前置仓", "冷链仓"];
export const FACTORIES = ["第一食品厂", "第二食品厂", "饮料分厂", "包装分厂", "乳制品厂"];
export const WORKSHOPS = ["灌装车间", "包装车间", "调配车间", "杀菌车间", "成品车间"];
export const TEAMS = ["甲班", "乙班", "丙班", "丁班"];
export const CARRIERS = ["顺丰速运", "京东物流", "中通快递", "德邦物流", "圆通速递", "韵达快递", "安能物流"];
export const STREETS = ["人民路", "解放路", "中山路", "建设路", "文化路", "学院路", "工业大道", "滨江路", "新华街", "长江路"];
export const PROVINCE_ABBREVIATIONS = ["京", "沪", "浙", "苏", "粤", "川", "鄂", "湘", "鲁", "豫", "闽", "皖"];
export const REMARKS = ["按计划执行", "客户加急", "已与对方确认", "请注意保质期", "首批试产", "节前备货", "月度例行", "补发订单", "质量抽检合格", "待财务审核"];
export const USER_AGENTS = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47",
  "Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Linux; Android 13; M2102J2SC) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0 Mobile Safari/537.36 AlipayClient/10.5",
];
export const COLORS = ["#1890ff", "#13c2c2", "#52c41a", "#faad14", "#f5222d", "#722ed1", "#eb2f96", "#2f54eb"];
export const EMAIL_DOMAINS = ["163.com", "qq.com", "126.com", "sina.com", "foxmail.com"];
export const WORDS = ["标准", "优选", "常规", "特级", "精选", "经典", "旗舰", "家庭装", "礼盒", "简装"];
