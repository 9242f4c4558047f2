// spec §9 relative time: under 30 s 刚刚, under 1 h N分钟前, under 1 day N小时前, under 2 days 1天前.
import { parseTime, toDate, type TimeInput } from "./parse-time";

export function formatTime(time: TimeInput, format?: string, now: number = Date.now()): string | null {
  const date = toDate(time);
  if (!date) return null;
  const diff = (now - date.getTime()) / 1000;
  if (diff < 30) return "刚刚";
  if (diff < 3600) return `${Math.ceil(diff / 60)}分钟前`;
  if (diff < 3600 * 24) return `${Math.ceil(diff / 3600)}小时前`;
  if (diff < 3600 * 24 * 2) return "1天前";
  if (format) return parseTime(date, format);
  return `${date.getMonth() + 1}月${date.getDate()}日${date.getHours()}时${date.getMinutes()}分`;
}
