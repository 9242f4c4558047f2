// One page: its screen (each its own chunk) inside an error boundary, with one set of refine's
// record hooks that every row's buttons share.
//
// The chunk is loaded by hand rather than by React.lazy and Suspense: React holds back a Suspense
// boundary's reveal until 300 ms after the last fallback it showed (a retry is throttled so that
// loading states do not flash), so a screen whose chunk arrived in 150 ms still waited 300 ms
// before its first render, and its calls with it (issue 14 §3). A loaded page's component is kept:
// the same page opened again renders at once.
import { Spin } from "antd";
import { Suspense, useEffect, useState, type ComponentType } from "react";
import { ErrorBoundary } from "../app/ErrorBoundary";
import { RecordMutationsProvider } from "../screen-kit/screens/RecordMutationsProvider";
import type { PageDef } from "./page-table";

const loadedPages = new Map<string, ComponentType>();
const loadingPages = new Map<string, Promise<ComponentType>>();

/** Starts loading a page's chunk once; a failed load is not kept, so the error boundary's retry loads again. */
export function loadPage(page: PageDef): Promise<ComponentType> {
  let loading = loadingPages.get(page.name);
  if (!loading) {
    loading = page.load().then(
      (module) => {
        loadedPages.set(page.name, module.default);
        return module.default;
      },
      (error: unknown) => {
        loadingPages.delete(page.name);
        throw error;
      },
    );
    loadingPages.set(page.name, loading);
  }
  return loading;
}

function LoadedPage({ page }: { readonly page: PageDef }) {
  const [Screen, setScreen] = useState<ComponentType | undefined>(() => loadedPages.get(page.name));
  const [failure, setFailure] = useState<{ error: unknown }>();
  // Asked for while rendering, as React.lazy did: the chunk's request goes out before the commit.
  const loading = Screen ? undefined : loadPage(page);
  useEffect(() => {
    if (!loading) return;
    let current = true;
    loading.then(
      (component) => current && setScreen(() => component),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [loading]);
  if (failure) throw failure.error; // to the error boundary, whose retry mounts this page again
  if (!Screen) return <Spin className="page-loading" />;
  return <Screen />;
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
