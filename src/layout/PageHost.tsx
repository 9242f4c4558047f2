// One page: its screen (each its own chunk, loaded by hand: app/use-loaded-component) inside an
// error boundary, with one set of refine's record hooks that every row's buttons share.
import { Spin } from "antd";
import { Suspense } from "react";
import { ErrorBoundary } from "../app/ErrorBoundary";
import { useLoadedComponent } from "../app/use-loaded-component";
import { RecordMutationsProvider } from "../screen-kit/screens/RecordMutationsProvider";
import { pageKey, type PageDef } from "./page-table";

function LoadedPage({ page }: { readonly page: PageDef }) {
  const Screen = useLoadedComponent(pageKey(page), page.load);
  return Screen ? <Screen /> : <Spin className="page-loading" />;
}

export function PageHost({ page }: { readonly page: PageDef }) {
  return (
    <ErrorBoundary>
      <RecordMutationsProvider>
        {/* For what a screen suspends on itself (a report's lazy chart). */}
        <Suspense fallback={<Spin className="page-loading" />}>
          <LoadedPage page={page} />
        </Suspense>
      </RecordMutationsProvider>
    </ErrorBoundary>
  );
}
