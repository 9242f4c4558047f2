// Figures in the console's language, with its thousands separators (a chart
// figure reads 25,224, not 25224). One formatter per language, made once.
const LOCALES: Record<string, string> = { zh: "zh-CN", en: "en-GB", es: "es-ES", ja: "ja-JP" };
const formatters = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, language: string): string {
  const locale = LOCALES[language.slice(0, 2)] ?? language;
  let formatter = formatters.get(locale);
  if (!formatter) formatters.set(locale, (formatter = new Intl.NumberFormat(locale)));
  return formatter.format(value);
}
