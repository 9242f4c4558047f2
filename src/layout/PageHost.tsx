// One page: its lazily loaded screen inside an error boundary and Suspense (each screen is its own chunk),
// with one set of refine's record hooks that every row's buttons share.
import { Spin } from "antd";
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { ErrorBoundary } from "../app/ErrorBoundary";
import { RecordMutationsProvider } from "../screen-kit/screens/RecordMutationsProvider";
import type { PageDef } from "./page-table";

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyPage(page: PageDef): LazyExoticComponent<ComponentType> {
  let component = lazyPages.get(page.name);
  if (!component) {
    // A failed load is not kept: the error boundary's retry loads again.
    component = lazy(() =>
      page.load().catch((error: unknown) => {
        lazyPages.delete(page.name);
        throw error;
      }),
    );
    lazyPages.set(page.name, component);
  }
  return component;
}

export function PageHost({ page }: { readonly page: PageDef }) {
  const Screen = lazyPage(page);
  return (
    <ErrorBoundary>
      <RecordMutationsProvider>
        <Suspense fallback={<Spin className="page-loading" />}>
          <Screen />
        </Suspense>
      </RecordMutationsProvider>
    </ErrorBoundary>
  );
}
