// The tree call's nested records → antd Tree nodes, keyed by id, titled by the label field.
import { normalizeList } from "../../api/endpoint-call";
import type { RecordLike } from "../fields/display-value";
import { valueText } from "../../utils/value-text";

export interface TreeNode {
  key: string;
  title: string;
  /** The record without its children. */
  record: RecordLike;
  children?: TreeNode[];
  isLeaf: boolean;
}

function rootsOf(data: unknown): RecordLike[] {
  if (data && typeof data === "object" && !Array.isArray(data) && !("list" in data)) return [data as RecordLike];
  return normalizeList<RecordLike>(data).list;
}

export function toTreeData(data: unknown, childrenKey: string, labelField: string, parentKey = ""): TreeNode[] {
  return rootsOf(data).map((item, index) => {
    const { [childrenKey]: rawChildren, ...record } = item;
    const key = record.id !== undefined && record.id !== null ? valueText(record.id) : `${parentKey}${index}`;
    const children = Array.isArray(rawChildren) ? toTreeData(rawChildren, childrenKey, labelField, `${key}-`) : [];
    return {
      key,
      title: valueText(record[labelField] ?? key),
      record,
      isLeaf: children.length === 0,
      ...(children.length > 0 ? { children } : {}),
    };
  });
}

export function findTreeNode(nodes: readonly TreeNode[], key: string | undefined): TreeNode | undefined {
  if (key === undefined) return undefined;
  for (const node of nodes) {
    if (node.key === key) return node;
    const found = findTreeNode(node.children ?? [], key);
    if (found) return found;
  }
  return undefined;
}

/** Keys of the first levels, to open a fresh tree a little. */
export function topKeys(nodes: readonly TreeNode[], depth = 1): string[] {
  if (depth <= 0) return [];
  return nodes.flatMap((node) => [node.key, ...topKeys(node.children ?? [], depth - 1)]);
}
