// Fullscreen toggle; spec §8: "you browser can not work" where the browser has no fullscreen.
import { FullscreenExitOutlined, FullscreenOutlined } from "@ant-design/icons";
import { App } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

export function Screenfull() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [full, setFull] = useState(false);
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      void message.warning(t("shell.navbar.fullscreenUnsupported"));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };
  const Icon = full ? FullscreenExitOutlined : FullscreenOutlined;
  return (
    <button type="button" className="navbar-item" aria-label={t("shell.navbar.fullscreen")} onClick={toggle}>
      <Icon />
    </button>
  );
}
