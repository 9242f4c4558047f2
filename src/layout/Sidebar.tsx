// spec §2, §9: our own sidebar (not refine's ThemedSider): width 210, menu colours #bfcbd9 / #409EFF
// on #304156, collapsible, built from the permitted tree by the sidebar rules.
import { ConfigProvider, Menu, type MenuProps } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { LAYOUT } from "../settings";
import { appStore } from "../state/app-store";
import { useStore } from "../state/create-store";
import { settingsStore } from "../state/settings-store";
import { MenuIcon } from "./menu-icon";
import { pagesToPrefetch, prefetchScreens } from "./screen-prefetch";
import { useShellRoutes } from "./shell-routes";
import { openKeysFor, type SidebarEntry } from "./sidebar-items";
import { SidebarLabel } from "./SidebarLabel";
import { SidebarLogo } from "./SidebarLogo";
import { menuActiveColor } from "./theme-colors";
import { useActiveMenu } from "./use-active-menu";

type Item = Required<MenuProps>["items"][number];

/** Each level indents by this much, so that a fifth-level title (工厂列表) still fits the 210 px. */
const INDENT_PER_LEVEL = 16;

function toItems(entries: readonly SidebarEntry[], t: (key: string) => string): Item[] {
  return entries.map((entry): Item => {
    // A title the sidebar's width cuts off ("Packagin…") or shortens shows whole on hover.
    const title = t(entry.titleKey);
    const shown = entry.shortTitleKey ? t(entry.shortTitleKey) : title;
    if (entry.kind === "group") {
      return {
        key: entry.key,
        icon: <MenuIcon name={entry.icon} />,
        label: <SidebarLabel text={shown} full={title} />,
        children: toItems(entry.children, t),
      };
    }
    const label = entry.href ? (
      <a href={entry.href} target="_blank" rel="noopener noreferrer" title={title}>
        {shown}
      </a>
    ) : (
      <Link to={entry.key} title={title}>
        {shown}
      </Link>
    );
    return { key: entry.key, icon: <MenuIcon name={entry.icon} />, label, title };
  });
}

export function Sidebar() {
  const { t } = useTranslation();
  const { sidebar, pages } = useShellRoutes();
  const opened = useStore(appStore, (s) => s.sidebar.opened);
  const mobile = useStore(appStore, (s) => s.device === "mobile");
  const showLogo = useStore(settingsStore, (s) => s.sidebarLogo);
  const theme = useStore(settingsStore, (s) => s.theme);
  const active = useActiveMenu();
  const collapsed = !opened && !mobile;
  const items = useMemo(() => toItems(sidebar, t), [sidebar, t]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(sidebar, active));
  // A new active entry (or a new menu) opens the groups above it, keeping those the user opened:
  // adjusted while rendering, so the menu never paints once with the groups still closed.
  const [openedFor, setOpenedFor] = useState({ sidebar, active });
  if (openedFor.sidebar !== sidebar || openedFor.active !== active) {
    setOpenedFor({ sidebar, active });
    setOpenKeys((keys) => [...new Set([...keys, ...openKeysFor(sidebar, active)])]);
  }
  // The screens a click may open next load while the console is idle.
  useEffect(() => prefetchScreens(pagesToPrefetch(sidebar, openKeys, pages)), [sidebar, openKeys, pages]);

  return (
    <aside className="sidebar-container" data-collapsed={collapsed ? "1" : "0"}>
      {showLogo && <SidebarLogo collapsed={collapsed} />}
      <ConfigProvider
        theme={{
          components: {
            Menu: {
              darkItemBg: LAYOUT.menuBg,
              darkSubMenuItemBg: LAYOUT.subMenuBg,
              darkPopupBg: LAYOUT.menuBg,
              darkItemColor: LAYOUT.menuText,
              darkItemHoverColor: "#fff",
              darkItemHoverBg: LAYOUT.menuHover,
              darkItemSelectedBg: "transparent",
              darkItemSelectedColor: menuActiveColor(theme),
              itemBorderRadius: 0,
              itemMarginInline: 0,
              itemMarginBlock: 0,
              collapsedWidth: LAYOUT.sidebarCollapsedWidth,
            },
          },
        }}
      >
        <Menu
          className="sidebar-menu"
          mode="inline"
          inlineIndent={INDENT_PER_LEVEL}
          theme="dark"
          items={items}
          selectedKeys={[active]}
          inlineCollapsed={collapsed}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        />
      </ConfigProvider>
    </aside>
  );
}
