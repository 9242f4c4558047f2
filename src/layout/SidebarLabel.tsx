// A sidebar entry's words: its short title where the manifest gives one, cut with an ellipsis where
// even that does not fit, and the full title on hover. Not a bare <span>: antd's submenu takes a span
// title as its own content box and skips the box that clips before the expand arrow.
export function SidebarLabel({ text, full }: { readonly text: string; readonly full: string }) {
  return <span title={full}>{text}</span>;
}
