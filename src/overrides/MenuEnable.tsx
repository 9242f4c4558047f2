// 菜单管理 (spec §2 hidden under 权限管理, §6): switch a menu off for everyone. A disabled menu is never
// selected for any account and the server refuses its calls; accounts see the change at their next login.
import { useCustom, useCustomMutation } from "@refinedev/core";
import { Alert, Card, Spin, Switch, Tree, type TreeDataNode } from "antd";
import { useTranslation } from "react-i18next";
import { useCan } from "../permission/use-can";

interface MenuNode {
  menu_key: string;
  enabled: boolean;
  children: MenuNode[];
}

const EDIT_CODE = "setmenusenable_update";

export default function MenuEnable() {
  const { t } = useTranslation();
  const mayEdit = useCan()([EDIT_CODE]);
  const { query, result } = useCustom<MenuNode[]>({ url: "/api/org/menutree/alltree", method: "get" });
  const { mutateAsync, mutation } = useCustomMutation();
  const toggle = async (menuKey: string, enabled: boolean) => {
    await mutateAsync({
      url: "/api/org/menutree/menutreeenable",
      method: "post",
      values: { menu_key: menuKey, enabled },
    });
    await query.refetch();
  };
  const toNode = (menu: MenuNode): TreeDataNode => ({
    key: menu.menu_key,
    title: (
      <span className="menu-enable-row">
        <span>{t(`menu.${menu.menu_key}`)}</span>{" "}
        <Switch
          size="small"
          checked={menu.enabled}
          disabled={!mayEdit || mutation.isPending}
          aria-label={t(`menu.${menu.menu_key}`)}
          onChange={(enabled) => void toggle(menu.menu_key, enabled)}
        />
      </span>
    ),
    children: menu.children.map(toNode),
  });
  // refine's useCustom answers {} (not undefined) until the call has answered.
  const treeData = (Array.isArray(result?.data) ? result.data : []).map(toNode);

  return (
    <Card title={t("menu.setmenusenable")}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t("overrides.menuEnable.hint")} />
      {query.isLoading ? <Spin /> : <Tree treeData={treeData} defaultExpandAll selectable={false} blockNode />}
    </Card>
  );
}
