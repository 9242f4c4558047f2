// spec §2 /profile/index: name, avatar, account type; change one's own password.
import { UserOutlined } from "@ant-design/icons";
import { Avatar, Card, Col, Descriptions, Row } from "antd";
import { useTranslation } from "react-i18next";
import { useStore } from "../../state/create-store";
import { userStore } from "../../state/user-store";
import { ChangePassword } from "./ChangePassword";

export default function Profile() {
  const { t } = useTranslation();
  const user = useStore(userStore);
  return (
    <Row gutter={16} className="profile">
      <Col xs={24} md={8}>
        <Card title={t("shell.profile.about")}>
          <div style={{ textAlign: "center", marginBottom: 16 }}>
            <Avatar size={96} src={user.avatar || undefined} icon={user.avatar ? undefined : <UserOutlined />} />
            <h3 data-testid="profile-name">{user.name}</h3>
          </div>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t("shell.profile.name")}>{user.name}</Descriptions.Item>
            <Descriptions.Item label={t("shell.profile.accountType")}>
              {user.accountType ? t(`enum.account_type.${user.accountType}`, { defaultValue: user.accountType }) : "-"}
            </Descriptions.Item>
            <Descriptions.Item label={t("shell.profile.roles")}>{user.roles?.length ?? 0}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} md={16}>
        <Card title={t("shell.profile.changePassword")}>
          <ChangePassword />
        </Card>
      </Col>
    </Row>
  );
}
