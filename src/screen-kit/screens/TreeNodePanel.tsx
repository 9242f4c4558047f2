// Beside the tree: the selected node's fields and its buttons (add child, rename, delete).
import { Card, Empty, Space } from "antd";
import { useTranslation } from "react-i18next";
import { DeleteRecordButton } from "./DeleteRecordButton";
import { GuardedButton } from "./GuardedButton";
import { RecordDescriptions } from "./RecordDescriptions";
import { buttonFor } from "./screen-buttons";
import type { ScreenConfig } from "../../../schema/contract/screen-config";
import type { TreeNode } from "./tree-data";

interface TreeNodePanelProps {
  config: ScreenConfig;
  node?: TreeNode;
  onAddChild: () => void;
  onRename: () => void;
  onDeleted: () => void;
}

export function TreeNodePanel({ config, node, onAddChild, onRename, onDeleted }: TreeNodePanelProps) {
  const { t } = useTranslation();
  if (!node) {
    return (
      <Card>
        <Empty description={t("screens.tree.selectNode")} />
      </Card>
    );
  }
  const createButton = buttonFor(config, "create");
  const editButton = buttonFor(config, "edit");
  const deleteButton = buttonFor(config, "delete");
  const buttons = (
    <Space wrap style={{ marginBottom: 16 }}>
      {createButton && (
        <GuardedButton button={createButton} onClick={onAddChild}>
          {t("screens.tree.addChild")}
        </GuardedButton>
      )}
      {editButton && (
        <GuardedButton button={editButton} onClick={onRename}>
          {t("screens.tree.rename")}
        </GuardedButton>
      )}
      {deleteButton && (
        <DeleteRecordButton
          resource={config.resource}
          id={node.key}
          button={deleteButton}
          type="default"
          confirmKey="screens.tree.confirmDelete"
          // A node with children would orphan them: delete those first.
          disabled={!node.isLeaf}
          onDeleted={onDeleted}
        />
      )}
    </Space>
  );
  return (
    <Card title={node.title}>
      {buttons}
      {!node.isLeaf && deleteButton && <p style={{ color: "rgba(0,0,0,0.45)" }}>{t("screens.tree.hasChildren")}</p>}
      <RecordDescriptions fields={config.fields} record={node.record} />
    </Card>
  );
}
