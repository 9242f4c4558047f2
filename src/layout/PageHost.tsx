// One page: its screen (each its own chunk, loaded by hand: app/use-loaded-component) inside an
// error boundary, with one set of refine's record hooks that every row's buttons share, its host
// (what the screen tells the shell) and the generated tables the hand-written screens read.
import { Spin } from "antd";
import { Suspense } from "react";
import { ErrorBoundary } from "../app/ErrorBoundary";
import { useLoadedComponent } from "../app/use-loaded-component";
import { ScreenHostContext } from "../screen-kit/screen-host";
import { ScreenTablesContext } from "../screen-kit/screen-tables";
import { RecordMutationsProvider } from "../screen-kit/screens/RecordMutationsProvider";
import { overrideTables } from "./override-tables";
import { pageKey, type PageDef } from "./page-table";
import { usePageScreenHost } from "./use-page-screen-host";

function LoadedPage({ page }: { readonly page: PageDef }) {
  const Screen = useLoadedComponent(pageKey(page), page.load);
  // The chunk's own export, held per page key (app/use-loaded-component): the same on every render.
  // eslint-disable-next-line react-hooks/static-components
  return Screen ? <Screen /> : <Spin className="page-loading" />;
}

export function PageHost({ page }: { readonly page: PageDef }) {
  const host = usePageScreenHost();
  return (
    <ErrorBoundary>
      <ScreenHostContext.Provider value={host}>
        <ScreenTablesContext.Provider value={overrideTables}>
          <RecordMutationsProvider>
            {/* For what a screen suspends on itself (a report's lazy chart). */}
            <Suspense fallback={<Spin className="page-loading" />}>
              <LoadedPage page={page} />
            </Suspense>
          </RecordMutationsProvider>
        </ScreenTablesContext.Provider>
      </ScreenHostContext.Provider>
    </ErrorBoundary>
  );
}
