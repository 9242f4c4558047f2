// The settings button at the right edge; the drawer behind it loads on first use.
import { SettingOutlined } from "@ant-design/icons";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBoundary } from "../app/ErrorBoundary";

const SettingsDrawer = lazy(() => import("./SettingsDrawer"));

export function Settings() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        className="right-panel-button"
        aria-label={t("shell.navbar.settings")}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <SettingOutlined />
      </button>
      {used && (
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <SettingsDrawer open={open} onClose={() => setOpen(false)} />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
