// The department side of 部门职位管理: a search box over the departments' options call (open to
// this menu) and, for accounts that may read 组织机构, the department tree (spec §3 depart tree).
import { useCustom, type BaseRecord } from "@refinedev/core";
import { Alert, Card, Space, Spin, Tree } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { RefSelect } from "../../screen-kit/fields/RefSelect";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { toTreeData, topKeys } from "../../screen-kit/screens/tree-data";
import { useScreenConfig } from "../../screen-kit/screen-tables";
import { useCan } from "../../permission/use-can";

type CustomMethod = "get" | "post";

export interface Department {
  readonly id: number;
  readonly name?: string;
}

interface DepartmentPickerProps {
  /** The positions' department field: its options call lists the departments. */
  refConfig: NonNullable<FieldConfig["ref"]>;
  value?: Department;
  onChange: (department: Department | undefined) => void;
}

export function DepartmentPicker({ refConfig, value, onChange }: DepartmentPickerProps) {
  const { t } = useTranslation();
  const can = useCan();
  const { tree, resource, labelField } = useScreenConfig("departments");
  // The tree call is 组织机构's; this menu alone reaches the departments through their options.
  const mayReadTree = Boolean(tree) && can([resource]);
  const { query } = useCustom<BaseRecord>({
    url: tree?.path ?? "",
    method: (tree?.method.toLowerCase() ?? "get") as CustomMethod,
    queryOptions: { enabled: mayReadTree },
  });
  // The answer itself, not useCustom's result: that is {} until the call answers, which would
  // read as one empty root.
  const answer = query.data?.data;
  const nodes = useMemo(
    () => (mayReadTree && answer ? toTreeData(answer, tree?.childrenKey ?? "children", labelField) : []),
    [mayReadTree, answer, tree?.childrenKey, labelField],
  );
  const selectedKey = value ? String(value.id) : undefined;

  return (
    <Card title={t("overrides.departmentPositions.departments")}>
      <Space direction="vertical" style={{ width: "100%" }} size="middle">
        <div>
          <label htmlFor="department-picker">{t("overrides.departmentPositions.pickDepartment")}</label>
          <RefSelect
            id="department-picker"
            refConfig={refConfig}
            value={value?.id ?? null}
            onChange={(id) => onChange(id === null ? undefined : { id: Number(id) })}
          />
        </div>
        {mayReadTree && (
          <Spin spinning={query.isFetching}>
            {query.isError && <Alert type="error" showIcon message={query.error.message} />}
            {nodes.length > 0 && (
              <Tree
                blockNode
                showLine
                treeData={nodes}
                defaultExpandedKeys={topKeys(nodes, 2)}
                selectedKeys={selectedKey ? [selectedKey] : []}
                onSelect={(keys, info) =>
                  onChange(keys.length > 0 ? { id: Number(keys[0]), name: String(info.node.title) } : undefined)
                }
                style={{ overflowX: "auto" }}
              />
            )}
          </Spin>
        )}
      </Space>
    </Card>
  );
}
