// A hierarchy (e.g. 组织机构): the tree from the tree call, the selected node's details beside it.
import { useCreate, useCustom, useUpdate, type BaseRecord } from "@refinedev/core";
import { Alert, Card, Col, Empty, Row, Spin, Tree } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { GuardedButton } from "./GuardedButton";
import { buttonFor } from "./screen-buttons";
import type { ScreenConfig } from "../../../schema/contract/screen-config";
import { findTreeNode, toTreeData, topKeys } from "./tree-data";
import { TreeNodeModal } from "./TreeNodeModal";
import { TreeNodePanel } from "./TreeNodePanel";

type Dialog = "root" | "child" | "rename";
type CustomMethod = "get" | "post" | "put" | "patch" | "delete";

export function TreeScreen({ config }: { config: ScreenConfig }) {
  const { t } = useTranslation();
  const tree = config.tree;
  const { query } = useCustom<BaseRecord>({
    url: tree?.path ?? "",
    method: (tree?.method.toLowerCase() ?? "get") as CustomMethod,
    queryOptions: { enabled: Boolean(tree) },
  });
  const childrenKey = tree?.childrenKey ?? "children";
  const nodes = useMemo(
    // before the answer arrives refine's result.data is {}, not the tree
    () => toTreeData(query.data?.data, childrenKey, config.labelField),
    [query.data?.data, childrenKey, config.labelField],
  );
  const [selectedKey, setSelectedKey] = useState<string>();
  const [dialog, setDialog] = useState<Dialog>();
  const selected = findTreeNode(nodes, selectedKey);
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: update } = useUpdate();
  const refresh = () => void query.refetch();

  const labelFields = config.fields
    .filter((field) => field.name === config.labelField)
    .map((field) => ({ ...field, inForm: true }));
  const submit = async (values: Record<string, unknown>) => {
    if (dialog === "rename" && selected) await update({ resource: config.resource, id: selected.key, values });
    else {
      const parent = dialog === "child" && selected && tree ? { [tree.parentField]: selected.record.id } : {};
      await create({ resource: config.resource, values: { ...values, ...parent } });
    }
    refresh();
  };
  const createButton = buttonFor(config, "create");

  if (!tree) return <Alert type="error" showIcon message={t("screens.tree.noEndpoint")} />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={10} xl={8}>
        <Card
          title={t(config.titleKey)}
          extra={
            createButton && (
              <GuardedButton button={createButton} size="small" onClick={() => setDialog("root")}>
                {t("screens.tree.addRoot")}
              </GuardedButton>
            )
          }
        >
          <Spin spinning={query.isFetching}>
            {query.isError && <Alert type="error" showIcon message={query.error.message} />}
            {nodes.length === 0 && !query.isFetching && <Empty description={t("screens.tree.empty")} />}
            {nodes.length > 0 && (
              <Tree
                blockNode
                showLine
                treeData={nodes}
                defaultExpandedKeys={topKeys(nodes, 1)}
                selectedKeys={selectedKey ? [selectedKey] : []}
                onSelect={(keys) => setSelectedKey(keys.length > 0 ? String(keys[0]) : undefined)}
                style={{ overflowX: "auto" }}
              />
            )}
          </Spin>
        </Card>
      </Col>
      <Col xs={24} md={14} xl={16}>
        <TreeNodePanel
          config={config}
          node={selected}
          onAddChild={() => setDialog("child")}
          onRename={() => setDialog("rename")}
          onDeleted={() => {
            setSelectedKey(undefined);
            refresh();
          }}
        />
      </Col>
      {dialog && (
        <TreeNodeModal
          title={t(
            dialog === "rename"
              ? "screens.tree.rename"
              : dialog === "child"
                ? "screens.tree.addChild"
                : "screens.tree.addRoot",
          )}
          fields={dialog === "rename" ? labelFields : config.fields.filter((field) => field.name !== tree.parentField)}
          initialValues={dialog === "rename" ? selected?.record : undefined}
          onSubmit={submit}
          onClose={() => setDialog(undefined)}
        />
      )}
    </Row>
  );
}
