// spec §2 settings panel, opened from a gear in the navbar beside the other view controls (size,
// full screen, language): a button floating at the window's edge would cover the corner of a table
// header or a card, and form inputs on a phone. In the navbar it never covers the work, and the open
// sidebar's overlay covers it like the rest of the page. The drawer loads on first use.
import { SettingOutlined } from "@ant-design/icons";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBoundary } from "../app/ErrorBoundary";
import { useStore } from "../state/create-store";
import { settingsStore } from "../state/settings-store";

const SettingsDrawer = lazy(() => import("./SettingsDrawer"));

export function Settings() {
  const { t } = useTranslation();
  const shown = useStore(settingsStore, (s) => s.showSettings);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (!shown) return null;
  return (
    <>
      <button
        type="button"
        className="navbar-item"
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
