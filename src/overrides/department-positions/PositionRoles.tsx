// The roles one position carries (position-role links, positionrole/*): an account's permissions
// are the grants of its position's roles (spec §6), so linking a role here is what gives staff a menu.
import { useNotification } from "@refinedev/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Empty, Space, Spin, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RefSelect } from "../../screen-kit/fields/RefSelect";
import { Permission } from "../../permission/Permission";
import type { ButtonConfig } from "../../../schema/contract/screen-config";
import { positionRolesClient } from "../../api/generated/clients/position_roles.gen";
import { useScreenConfig } from "../../screen-kit/screen-tables";
import { useCan } from "../../permission/use-can";

interface PositionRolesProps {
  positionId: number;
  positionName: string;
  /** Linking writes position_roles under the positions' buttons (manifest screen.uses). */
  addButton?: ButtonConfig;
  deleteButton?: ButtonConfig;
}

export function PositionRoles({ positionId, positionName, addButton, deleteButton }: PositionRolesProps) {
  const { t } = useTranslation();
  const roleRef = useScreenConfig("position_roles").fields.find((field) => field.name === "role_id")?.ref;
  const { open } = useNotification();
  const can = useCan();
  const [roleId, setRoleId] = useState<number>();
  const links = useQuery({
    queryKey: ["position_roles", "list", positionId],
    queryFn: () => positionRolesClient.list({ position_id: positionId }),
  });
  const failed = (error: Error) =>
    open?.({ type: "error", message: t("overrides.departmentPositions.linkFailed"), description: error.message });
  const add = useMutation({
    mutationFn: async (role: number) => {
      // Linking a role twice would change nothing; the list already shows it.
      if (!links.data?.list.some((link) => link.role_id === role))
        await positionRolesClient.create({ position_id: positionId, role_id: role });
    },
    onSuccess: () => {
      setRoleId(undefined);
      void links.refetch();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (linkId: number) => positionRolesClient.remove(linkId),
    onSuccess: () => void links.refetch(),
    onError: failed,
  });
  const mayRemove = deleteButton !== undefined && can([deleteButton.code]);
  const rows = links.data?.list ?? [];

  return (
    <Card
      size="small"
      title={t("overrides.departmentPositions.rolesOf", { position: positionName })}
      className="position-roles"
    >
      <Space direction="vertical" style={{ width: "100%" }}>
        <Typography.Text type="secondary">{t("overrides.departmentPositions.nextLogin")}</Typography.Text>
        {links.isError && <Alert type="error" showIcon message={links.error.message} />}
        <Spin spinning={links.isFetching || remove.isPending}>
          {rows.length === 0 && !links.isFetching ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("overrides.departmentPositions.noRoles")} />
          ) : (
            <Space wrap>
              {rows.map((link) => (
                <Tag
                  key={link.id}
                  color="blue"
                  closable={mayRemove}
                  onClose={(event) => {
                    event.preventDefault();
                    remove.mutate(link.id);
                  }}
                >
                  {link.role_id_label ?? link.role_id}
                </Tag>
              ))}
            </Space>
          )}
        </Spin>
        {addButton && roleRef && (
          <Permission codes={[addButton.code]}>
            <Space wrap>
              <label htmlFor="position-role-picker">{t("overrides.departmentPositions.pickRole")}</label>
              <div style={{ width: 240 }}>
                <RefSelect
                  id="position-role-picker"
                  refConfig={roleRef}
                  value={roleId ?? null}
                  onChange={(value) => setRoleId(value === null ? undefined : Number(value))}
                />
              </div>
              <Button
                type="primary"
                disabled={roleId === undefined}
                loading={add.isPending}
                onClick={() => roleId !== undefined && add.mutate(roleId)}
              >
                {t("overrides.departmentPositions.addRole")}
              </Button>
            </Space>
          </Permission>
        )}
      </Space>
    </Card>
  );
}
