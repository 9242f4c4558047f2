// spec §8: the navbar's error-log button, shown only while the log has entries.
import { BugOutlined } from "@ant-design/icons";
import { Badge } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBoundary } from "../app/ErrorBoundary";
import { useStore } from "../state/create-store";
import { errorLogStore } from "../state/error-log-store";

// The dialog (a table in a modal) loads when first opened.
const ErrorLogDialog = lazy(() => import("./ErrorLogDialog").then((module) => ({ default: module.ErrorLogDialog })));

export function ErrorLogButton() {
  const { t } = useTranslation();
  const entries = useStore(errorLogStore);
  const [open, setOpen] = useState(false);
  if (entries.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className="navbar-item error-log-button"
        aria-label={t("shell.navbar.errorLog")}
        onClick={() => setOpen(true)}
      >
        <Badge count={entries.length} size="small" offset={[4, -2]}>
          <BugOutlined style={{ color: "#f56c6c" }} />
        </Badge>
      </button>
      {open && (
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <ErrorLogDialog open={open} entries={entries} onClose={() => setOpen(false)} />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
