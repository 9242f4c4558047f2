// 菜单管理 (spec §2 hidden under 权限管理, §6): switch a menu off for everyone. A disabled menu is never
// selected for any account and the server refuses its calls; accounts see the change at their next login.
import { useNotification, useTranslate } from "@refinedev/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert, Card, Spin, Switch, Tree, type TreeDataNode } from "antd";
import { useEffect, useEffectEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ApiError } from "../api/http-client";
import { enableMenu, menuTree, type EnableMenuInput, type MenuTreeNode } from "../api/generated/calls.gen";
import { useCan } from "../permission/use-can";

const EDIT_CODE = "setmenusenable_update";

export default function MenuEnable() {
  const { t } = useTranslation();
  const mayEdit = useCan()([EDIT_CODE]);
  const { open } = useNotification();
  const translate = useTranslate();
  // A failed call is told as refine's data hooks tell it (the notification this screen had with them).
  const notifyError = (key: string, error: ApiError) =>
    open?.({
      key,
      type: "error",
      message: translate(
        "notifications.error",
        { statusCode: error.statusCode },
        `Error (status code: ${error.statusCode})`,
      ),
      description: error.message,
    });
  const query = useQuery<MenuTreeNode[], ApiError>({ queryKey: ["menutree", "alltree"], queryFn: () => menuTree() });
  // Once per failure: the notification reads the current texts but does not make the effect run again.
  const notifyLoadError = useEffectEvent((error: ApiError) => notifyError("get-notification", error));
  useEffect(() => {
    if (query.error) notifyLoadError(query.error);
  }, [query.error]);
  const mutation = useMutation({
    mutationFn: (input: EnableMenuInput) => enableMenu(input),
    onError: (error: ApiError) => notifyError("post-notification", error),
  });
  const toggle = async (menuKey: string, enabled: boolean) => {
    await mutation.mutateAsync({ menu_key: menuKey, enabled });
    await query.refetch();
  };
  const toNode = (menu: MenuTreeNode): TreeDataNode => ({
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
  const treeData = (query.data ?? []).map(toNode);

  return (
    <Card title={t("menu.setmenusenable")}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t("overrides.menuEnable.hint")} />
      {query.isLoading ? <Spin /> : <Tree treeData={treeData} defaultExpandAll selectable={false} blockNode />}
    </Card>
  );
}
