// spec §2 header search: a search icon that opens the search box.
import { SearchOutlined } from "@ant-design/icons";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBoundary } from "../app/ErrorBoundary";

const SearchSelect = lazy(() => import("./SearchSelect"));

export function HeaderSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className={`header-search${open ? " show" : ""}`}>
      <SearchOutlined
        className="navbar-icon"
        aria-label={t("shell.navbar.search")}
        // Keep the focus in an open search: a click on the icon must not blur (and so close) it.
        onMouseDown={(event) => open && event.preventDefault()}
        onClick={() => setOpen(true)}
      />
      {open && (
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <SearchSelect onClose={() => setOpen(false)} />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}
