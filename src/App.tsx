// The console: antd theme → antd App → routes. Public routes of spec §2, each its own chunk, then
// the signed-in console (refine, the guard, the layout; app/ConsoleRoot), loaded only for its routes
// (by app/ConsoleRootEntry), whose pages come from the generated routes filtered by
// the user's roles (layout/AppMain). The consumer scan pages load their part of the language's
// messages with their chunk.
import { Spin } from "antd";
import { lazy, Suspense, type ComponentType } from "react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router-dom";
import ConsoleRootEntry from "./app/ConsoleRootEntry";
import { ErrorBoundary } from "./app/ErrorBoundary";
import { ThemeRoot } from "./app/ThemeRoot";
import { enableConsumerScanLanguage } from "./i18n/i18n";
import { PATHS } from "./settings";
import { addErrorLog } from "./state/error-log-store";

const Login = lazy(() => import("./pages/login/Login"));
const NotFound = lazy(() => import("./pages/error/NotFound"));
const Unauthorized = lazy(() => import("./pages/error/Unauthorized"));
const AuthRedirect = lazy(() => import("./pages/AuthRedirect"));
const SetOwnPassword = lazy(() => import("./pages/login/SetOwnPassword"));

// A part that cannot be loaded is logged; the page still shows (its keys).
const scanLanguage = () =>
  enableConsumerScanLanguage().catch((error: unknown) => addErrorLog(error, "loading the scan pages' language"));
const scanPage = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>) =>
  lazy(() => Promise.all([load(), scanLanguage()]).then(([module]) => module));
const ConsumerScanEntry = scanPage(() => import("./pages/consumer-scan/ConsumerScanEntry"));
const ConsumerScanResult = scanPage(() => import("./pages/consumer-scan/ConsumerScanResult"));
const DigitalLinkScan = scanPage(() => import("./pages/consumer-scan/DigitalLinkScan"));

export function App() {
  return (
    <BrowserRouter>
      <ThemeRoot>
        <ErrorBoundary>
          <Suspense fallback={<Spin fullscreen />}>
            <Routes>
              <Route path={PATHS.login} element={<Login />} />
              <Route path={PATHS.authRedirect} element={<AuthRedirect />} />
              <Route path={PATHS.setPassword} element={<SetOwnPassword />} />
              <Route path={PATHS.notFound} element={<NotFound />} />
              <Route path={PATHS.unauthorized} element={<Unauthorized />} />
              {/* spec §2: the consumer scan pages need no token and have no shell; staff see them too. */}
              <Route path={PATHS.consumerScan} element={<ConsumerScanEntry />} />
              <Route path={`${PATHS.consumerScanResult}/:qrcode`} element={<ConsumerScanResult />} />
              <Route path={PATHS.consumerScanResult} element={<Navigate to={PATHS.consumerScan} replace />} />
              <Route path={PATHS.digitalLink} element={<DigitalLinkScan />} />
              <Route path="/*" element={<ConsoleRootEntry />} />
            </Routes>
          </Suspense>
        </ErrorBoundary>
      </ThemeRoot>
    </BrowserRouter>
  );
}
