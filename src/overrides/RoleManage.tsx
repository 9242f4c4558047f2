// 权限管理 (spec §2 /role/rolemanage, §6): the roles (add, edit, delete) beside a checkbox tree of
// every menu and its buttons for the selected role. A role's grants reach its accounts through
// their positions (position_roles) at their next login.
import { useCreate, useList, useUpdate } from "@refinedev/core";
import { Alert, Card, Col, Empty, Row, Space, Table, type TableColumnType } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Permission } from "../permission/Permission";
import { DeleteRecordButton } from "../screen-kit/screens/DeleteRecordButton";
import { GuardedButton } from "../screen-kit/screens/GuardedButton";
import type { Row as RoleRow } from "../screen-kit/screens/list-columns";
import { buttonFor } from "../screen-kit/screens/screen-buttons";
import { TreeNodeModal } from "../screen-kit/screens/TreeNodeModal";
import { useScreenHost } from "../screen-kit/screen-host";
import { useScreenConfig } from "../screen-kit/screen-tables";
import { plainColumns } from "./plain-columns";
import { RoleGrantTree } from "./role-manage/RoleGrantTree";

export default function RoleManage() {
  const { t } = useTranslation();
  const config = useScreenConfig("roles");
  const menuEnablePage = useScreenHost().findPage("setmenusenable");
  const { result, query } = useList<RoleRow>({ resource: config.resource, pagination: { mode: "off" } });
  const roles = result.data;
  const [selectedId, setSelectedId] = useState<string>();
  const [dialog, setDialog] = useState<{ record?: RoleRow }>();
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: update } = useUpdate();
  const selected = roles.find((role) => String(role.id) === selectedId);
  const [addButton, editButton, deleteButton] = (["create", "edit", "delete"] as const).map((action) =>
    buttonFor(config, action),
  );

  const submit = async (values: RoleRow) => {
    const editing = dialog?.record;
    if (editing?.id !== undefined) await update({ resource: config.resource, id: editing.id, values });
    else {
      const created = await create({ resource: config.resource, values });
      setSelectedId(String(created.data.id));
    }
  };
  const actions: TableColumnType<RoleRow> = {
    key: "__actions",
    title: t("screens.list.actions"),
    render: (_value, role) => (
      <Space size={0} onClick={(event) => event.stopPropagation()}>
        {editButton && (
          <GuardedButton button={editButton} type="link" size="small" onClick={() => setDialog({ record: role })}>
            {t(editButton.titleKey)}
          </GuardedButton>
        )}
        {deleteButton && role.id !== undefined && (
          <DeleteRecordButton
            resource={config.resource}
            id={role.id}
            button={deleteButton}
            size="small"
            confirmKey="overrides.roleManage.confirmDelete"
            onDeleted={() => String(role.id) === selectedId && setSelectedId(undefined)}
          />
        )}
      </Space>
    ),
  };

  return (
    <Row gutter={[16, 16]} className="role-manage">
      <Col xs={24} lg={10}>
        <Card
          title={t(config.titleKey)}
          extra={
            <Space wrap>
              {menuEnablePage && (
                <Permission codes={menuEnablePage.roles}>
                  <Link to={menuEnablePage.path}>{t("overrides.roleManage.menuEnable")}</Link>
                </Permission>
              )}
              {addButton && (
                <GuardedButton button={addButton} type="primary" size="small" onClick={() => setDialog({})}>
                  {t("overrides.roleManage.addRole")}
                </GuardedButton>
              )}
            </Space>
          }
        >
          {query.isError && <Alert type="error" showIcon message={query.error.message} />}
          <Table<RoleRow>
            rowKey={(role) => String(role.id)}
            dataSource={roles}
            loading={query.isFetching}
            pagination={false}
            size="middle"
            columns={[...plainColumns(config.fields, ["role_name", "role_desc", "status"], t), actions]}
            rowSelection={{
              type: "radio",
              selectedRowKeys: selectedId ? [selectedId] : [],
              onChange: (keys) => setSelectedId(keys.length > 0 ? String(keys[0]) : undefined),
            }}
            onRow={(role) => ({ onClick: () => setSelectedId(String(role.id)), style: { cursor: "pointer" } })}
            scroll={{ x: "max-content" }}
          />
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        {selected ? (
          <RoleGrantTree key={selectedId} role={selected} saveButton={editButton} />
        ) : (
          <Card>
            <Empty description={t("overrides.roleManage.selectRole")} />
          </Card>
        )}
      </Col>
      {dialog && (
        <TreeNodeModal
          title={t(dialog.record ? "overrides.roleManage.editRole" : "overrides.roleManage.addRole")}
          fields={config.fields}
          initialValues={dialog.record ?? { status: "enabled" }}
          onSubmit={submit}
          onClose={() => setDialog(undefined)}
        />
      )}
    </Row>
  );
}
