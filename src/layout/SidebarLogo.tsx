// spec §1: the sidebar title "4.1.0追溯系统", linking to the dashboard.
import { DeploymentUnitOutlined } from "@ant-design/icons";
import { Link } from "react-router-dom";
import { PATHS, SYSTEM_TITLE } from "../settings";

export function SidebarLogo({ collapsed }: { readonly collapsed: boolean }) {
  return (
    <Link className="sidebar-logo" to={PATHS.dashboard} title={SYSTEM_TITLE}>
      <DeploymentUnitOutlined className="sidebar-logo-icon" />
      {!collapsed && <h1 className="sidebar-title">{SYSTEM_TITLE}</h1>}
    </Link>
  );
}
