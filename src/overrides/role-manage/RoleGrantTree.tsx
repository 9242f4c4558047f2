// One role's grants: every menu with its buttons as a checkbox tree (allrolestree), parents
// half-checked when some of their children are, saved in one call (savetree). spec §6: the
// change reaches the role's accounts at their next login, and the screen says so.
import { useNotification } from "@refinedev/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert, App, Button, Card, Space, Spin, Tree, type TreeDataNode } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Translate } from "../../screen-kit/fields/translate";
import { GuardedButton } from "../../screen-kit/screens/GuardedButton";
import type { Row } from "../../screen-kit/screens/list-columns";
import type { ButtonConfig } from "../../../schema/contract/screen-config";
import { useCan } from "../../permission/use-can";
import { roleGrantTree, saveRoleGrants } from "../../api/generated/calls.gen";
import {
  buttonNodeKey,
  checkState,
  grantsOf,
  menuNodeKey,
  sameGrants,
  toggleGrant,
  toSavedGrants,
  type GrantMenu,
  type Grants,
} from "./grant-tree";
import { valueText } from "../../utils/value-text";

/** spec §6: the role that passes every check; granting it anything means nothing. */
const ADMIN_ROLE_NAME = "admin";

function toTreeNodes(menus: readonly GrantMenu[], t: Translate): TreeDataNode[] {
  return menus.map((menu) => ({
    key: menuNodeKey(menu.menu_key),
    title: (
      <span data-grant={menuNodeKey(menu.menu_key)}>
        {t(`menu.${menu.menu_key}`, { defaultValue: menu.menu_name ?? menu.menu_key })}
      </span>
    ),
    children: [
      ...(menu.listMenuButtons ?? []).map((button) => ({
        key: buttonNodeKey(button.menu_button_code),
        title: (
          <span className="grant-button" data-grant={buttonNodeKey(button.menu_button_code)}>
            {t(`button.${button.menu_button_code}`, {
              defaultValue: button.menu_button_name ?? button.menu_button_code,
            })}
          </span>
        ),
        isLeaf: true,
      })),
      ...toTreeNodes(menu.children ?? [], t),
    ],
  }));
}

const expandableKeys = (menus: readonly GrantMenu[]): string[] =>
  menus.flatMap((menu) => [menuNodeKey(menu.menu_key), ...expandableKeys(menu.children ?? [])]);

interface RoleGrantTreeProps {
  role: Row;
  /** The roles' edit button: saving grants edits the role (the server asks for the same code). */
  saveButton?: ButtonConfig;
}

export function RoleGrantTree({ role, saveButton }: RoleGrantTreeProps) {
  const { t } = useTranslation();
  const { open } = useNotification();
  const { message } = App.useApp();
  const can = useCan();
  const roleId = Number(role.id);
  const roleName = valueText(role.role_name ?? role.id);
  const answer = useQuery({
    queryKey: ["menutree", "allrolestree", roleId],
    queryFn: () => roleGrantTree({ role_id: roleId }),
  });
  const tree = useMemo(() => answer.data ?? [], [answer.data]);
  const stored = useMemo(() => grantsOf(tree), [tree]);
  const [edited, setEdited] = useState<Grants>();
  const grants = edited ?? stored;
  const dirty = edited !== undefined && !sameGrants(edited, stored);
  const isAdminRole = roleName === ADMIN_ROLE_NAME;
  const mayEdit = !isAdminRole && saveButton !== undefined && can([saveButton.code]);
  const treeData = useMemo(() => toTreeNodes(tree, t), [tree, t]);
  const expanded = useMemo(() => expandableKeys(tree), [tree]);
  const save = useMutation({
    mutationFn: () => saveRoleGrants({ role_id: roleId, ...toSavedGrants(tree, grants) }),
    onSuccess: async () => {
      // A brief message, not a notification: it must not sit over the navbar while the admin moves on.
      void message.success(t("overrides.roleManage.saved"));
      await answer.refetch();
      setEdited(undefined);
    },
    onError: (error) =>
      open?.({ type: "error", message: t("overrides.roleManage.saveFailed"), description: error.message }),
  });

  return (
    <Card
      title={t("overrides.roleManage.grantsOf", { role: roleName })}
      extra={
        <Space wrap>
          <Button size="small" disabled={!dirty || save.isPending} onClick={() => setEdited(undefined)}>
            {t("overrides.roleManage.undo")}
          </Button>
          {saveButton && (
            <GuardedButton
              button={saveButton}
              type="primary"
              size="small"
              disabled={!dirty || isAdminRole}
              loading={save.isPending}
              onClick={() => save.mutate()}
            >
              {t("overrides.roleManage.save")}
            </GuardedButton>
          )}
        </Space>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t("overrides.roleManage.nextLogin")} />
      {isAdminRole && (
        <Alert type="success" showIcon style={{ marginBottom: 16 }} message={t("overrides.roleManage.adminRole")} />
      )}
      {answer.isError && <Alert type="error" showIcon message={answer.error.message} />}
      <Spin spinning={answer.isFetching}>
        {tree.length > 0 && (
          <Tree
            checkable
            checkStrictly
            selectable={false}
            blockNode
            disabled={!mayEdit}
            treeData={treeData}
            defaultExpandedKeys={expanded}
            checkedKeys={checkState(tree, grants)}
            onCheck={(_keys, info) => setEdited(toggleGrant(tree, grants, String(info.node.key), info.checked))}
          />
        )}
      </Spin>
    </Card>
  );
}
