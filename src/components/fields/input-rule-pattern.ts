// spec §5: the shared input rule. Letters, digits, _ - ~ ` . @ # $ ^ & * ( ) + ￥ and nothing else.
// One definition for the console's form rule and the generator's JSON Schemas (and so the server).
export const INPUT_RULE_PATTERN = "^[A-Za-z0-9_\\-~`.@#$^&*()+￥]*$";

/** spec §5: the exact message (zh). */
export const INPUT_RULE_MESSAGE_ZH = "不能输入%!=/:;“’等特殊字符与中文";
