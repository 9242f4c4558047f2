// 部门职位管理 (spec §2 organ/departmentjob): pick a department, manage its positions (add, edit,
// delete) and, per position, the roles it carries (position-role links). Positions are refine's
// departmentjob resource; the links are position_roles, which the manifest lets this menu use.
import { useCreate, useList, useUpdate } from "@refinedev/core";
import { Alert, Card, Col, Empty, Row, Space, Table, type TableColumnType } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DeleteRecordButton } from "../screen-kit/screens/DeleteRecordButton";
import { GuardedButton } from "../screen-kit/screens/GuardedButton";
import type { Row as PositionRow } from "../screen-kit/screens/list-columns";
import { buttonFor } from "../screen-kit/screens/screen-buttons";
import { TreeNodeModal } from "../screen-kit/screens/TreeNodeModal";
import { useScreenConfig } from "../screen-kit/screen-tables";
import { DepartmentPicker, type Department } from "./department-positions/DepartmentPicker";
import { PositionRoles } from "./department-positions/PositionRoles";
import { plainColumns } from "./plain-columns";

const DEPARTMENT_FIELD = "depart_id";

export default function DepartmentPositions() {
  const { t } = useTranslation();
  const config = useScreenConfig("positions");
  const departmentRef = config.fields.find((field) => field.name === DEPARTMENT_FIELD)?.ref;
  const [department, setDepartment] = useState<Department>();
  const [positionId, setPositionId] = useState<string>();
  const [dialog, setDialog] = useState<{ record?: PositionRow }>();
  const { result, query } = useList<PositionRow>({
    resource: config.resource,
    filters: department ? [{ field: DEPARTMENT_FIELD, operator: "eq", value: department.id }] : [],
    sorters: [{ field: "sort", order: "asc" }],
    pagination: { mode: "off" },
    queryOptions: { enabled: department !== undefined },
  });
  const positions = department ? result.data : [];
  const selected = positions.find((position) => String(position.id) === positionId);
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: update } = useUpdate();
  const [addButton, editButton, deleteButton] = (["create", "edit", "delete"] as const).map((action) =>
    buttonFor(config, action),
  );

  const pickDepartment = (next: Department | undefined) => {
    setDepartment(next);
    setPositionId(undefined);
  };
  const submit = async (values: PositionRow) => {
    const editing = dialog?.record;
    if (editing?.id !== undefined) await update({ resource: config.resource, id: editing.id, values });
    else setPositionId(String((await create({ resource: config.resource, values })).data.id));
  };
  const actions: TableColumnType<PositionRow> = {
    key: "__actions",
    title: t("screens.list.actions"),
    render: (_value, position) => (
      <Space size={0} onClick={(event) => event.stopPropagation()}>
        {editButton && (
          <GuardedButton button={editButton} type="link" size="small" onClick={() => setDialog({ record: position })}>
            {t(editButton.titleKey)}
          </GuardedButton>
        )}
        {deleteButton && position.id !== undefined && (
          <DeleteRecordButton
            resource={config.resource}
            id={position.id}
            button={deleteButton}
            size="small"
            confirmKey="overrides.departmentPositions.confirmDelete"
            onDeleted={() => String(position.id) === positionId && setPositionId(undefined)}
          />
        )}
      </Space>
    ),
  };

  if (!departmentRef) return <Alert type="error" showIcon message={`positions.${DEPARTMENT_FIELD}: no reference`} />;
  return (
    <Row gutter={[16, 16]} className="department-positions">
      <Col xs={24} lg={8}>
        <DepartmentPicker refConfig={departmentRef} value={department} onChange={pickDepartment} />
      </Col>
      <Col xs={24} lg={16}>
        <Space direction="vertical" style={{ width: "100%" }} size="middle">
          <Card
            title={[t("overrides.departmentPositions.positions"), department?.name].filter(Boolean).join(" · ")}
            extra={
              addButton &&
              department && (
                <GuardedButton button={addButton} type="primary" size="small" onClick={() => setDialog({})}>
                  {t("overrides.departmentPositions.addPosition")}
                </GuardedButton>
              )
            }
          >
            {!department ? (
              <Empty description={t("overrides.departmentPositions.selectDepartment")} />
            ) : (
              <>
                {query.isError && <Alert type="error" showIcon message={query.error.message} />}
                <Table<PositionRow>
                  rowKey={(position) => String(position.id)}
                  dataSource={positions}
                  loading={query.isFetching}
                  pagination={false}
                  size="middle"
                  columns={[...plainColumns(config.fields, ["position_code", "position_name", "sort"], t), actions]}
                  rowSelection={{
                    type: "radio",
                    selectedRowKeys: positionId ? [positionId] : [],
                    onChange: (keys) => setPositionId(keys.length > 0 ? String(keys[0]) : undefined),
                  }}
                  onRow={(position) => ({
                    onClick: () => setPositionId(String(position.id)),
                    style: { cursor: "pointer" },
                  })}
                  scroll={{ x: "max-content" }}
                />
              </>
            )}
          </Card>
          {department && selected?.id !== undefined && (
            <PositionRoles
              key={String(selected.id)}
              positionId={Number(selected.id)}
              positionName={typeof selected.position_name === "string" ? selected.position_name : String(selected.id)}
              addButton={addButton}
              deleteButton={deleteButton}
            />
          )}
          {department && positions.length > 0 && !selected && (
            <Card size="small">
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t("overrides.departmentPositions.selectPosition")}
              />
            </Card>
          )}
        </Space>
      </Col>
      {dialog && department && (
        <TreeNodeModal
          title={t(
            dialog.record ? "overrides.departmentPositions.editPosition" : "overrides.departmentPositions.addPosition",
          )}
          fields={config.fields}
          initialValues={dialog.record ?? { [DEPARTMENT_FIELD]: department.id, sort: 0 }}
          onSubmit={submit}
          onClose={() => setDialog(undefined)}
        />
      )}
    </Row>
  );
}
