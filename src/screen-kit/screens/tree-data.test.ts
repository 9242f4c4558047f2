import { describe, expect, it } from "vitest";
import { findTreeNode, toTreeData, topKeys } from "./tree-data";

const data = [
  {
    id: 1,
    depart_name: "总部",
    listSubWareHouses: [
      { id: 2, depart_name: "生产部", listSubWareHouses: [] },
      { id: 3, depart_name: "物流部", listSubWareHouses: [{ id: 4, depart_name: "仓储组" }] },
    ],
  },
];

describe("tree data", () => {
  const nodes = toTreeData(data, "listSubWareHouses", "depart_name");

  it("builds nodes keyed by id, titled by the label field, records without children", () => {
    expect(nodes[0]).toMatchObject({ key: "1", title: "总部", isLeaf: false, record: { id: 1, depart_name: "总部" } });
    expect(nodes[0].record).not.toHaveProperty("listSubWareHouses");
    expect(nodes[0].children?.map((node) => [node.key, node.isLeaf])).toEqual([
      ["2", true],
      ["3", false],
    ]);
  });

  it("finds nodes at any depth", () => {
    expect(findTreeNode(nodes, "4")?.title).toBe("仓储组");
    expect(findTreeNode(nodes, "9")).toBeUndefined();
    expect(findTreeNode(nodes, undefined)).toBeUndefined();
  });

  it("accepts {list} and a single root object", () => {
    expect(toTreeData({ list: data, total: 1 }, "listSubWareHouses", "depart_name")[0].key).toBe("1");
    expect(toTreeData({ id: 7, name: "root" }, "children", "name")).toEqual([
      { key: "7", title: "root", record: { id: 7, name: "root" }, isLeaf: true },
    ]);
  });

  it("opens the first levels", () => {
    expect(topKeys(nodes, 1)).toEqual(["1"]);
    expect(topKeys(nodes, 2)).toEqual(["1", "2", "3"]);
  });
});
