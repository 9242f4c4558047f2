// <Refine> with the console's providers, given what they read from the
// shell's stores: the i18n provider is built here so that refine's tree re-renders when the
// language changes; access control reads the signed-in roles and the resources shown.
import { Refine } from "@refinedev/core";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { setLanguage } from "../i18n/i18n";
import { createAccessControlProvider } from "../providers/access-control-provider";
import { authProvider } from "../providers/auth-provider";
import { dataProvider } from "../providers/data-provider";
import { consoleRouterProvider } from "../providers/router-provider";
import { useConsoleNotificationProvider } from "../providers/notification-provider";
import { createI18nProvider } from "../providers/i18n-provider";
import { useStore } from "../state/create-store";
import { queryClient } from "../state/query-client";
import { generatedShell } from "../state/generated-shell";
import { getRoles } from "../state/user-store";

const accessControlProvider = createAccessControlProvider({
  getRoles,
  getResources: () => generatedShell.get().resources,
});

export function RefineRoot({ children }: { readonly children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const resources = useStore(generatedShell, (shell) => shell.resources);
  const i18nProvider = useMemo(() => createI18nProvider(t, i18n, setLanguage, resources), [t, i18n, resources]);
  return (
    <Refine
      routerProvider={consoleRouterProvider}
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      notificationProvider={useConsoleNotificationProvider}
      resources={resources}
      options={{
        disableTelemetry: true,
        syncWithLocation: true,
        reactQuery: { clientConfig: queryClient },
      }}
    >
      {children}
    </Refine>
  );
}
