// spec §8: the navbar's error-log button with its count, and the log's dialog; its own chunk, loaded
// by ErrorLogButton once the log has an entry, so antd's Badge is not loaded before one is needed.
import { BugOutlined } from "@ant-design/icons";
import { Badge } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBoundary } from "../app/ErrorBoundary";
import type { ErrorLogEntry } from "../state/error-log-store";

// The dialog (a table in a modal) loads when first opened.
const ErrorLogDialog = lazy(() => import("./ErrorLogDialog").then((module) => ({ default: module.ErrorLogDialog })));

export default function ErrorLogBadge({ entries }: { readonly entries: readonly ErrorLogEntry[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
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
