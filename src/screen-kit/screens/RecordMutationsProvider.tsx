// One set of refine's record hooks per page, shared by the buttons of every row.
// Every refine hook resolves the resource from the route and reads its contexts when it renders:
// with a delete and a few action buttons on each of 20 rows, a list held about 90 of them, some
// 250 ms between the list's answer and its rows (the route match itself is now shared by all hooks,
// providers/router-provider.ts). The page holds one instance; a row's buttons call plain functions.
import { useDelete, useInvalidate, useNotification } from "@refinedev/core";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { RecordId } from "../../api/endpoint-call";

export interface RecordMutations {
  /**
   * Deletes one record through refine's useDelete: its notifications, error handling and list
   * invalidation are the hook's own, as when each button held one. Rejects when the delete failed
   * (already reported by then).
   */
  readonly deleteRecord: (resource: string, id: RecordId) => Promise<void>;
  readonly invalidate: ReturnType<typeof useInvalidate>;
  readonly notify: ReturnType<typeof useNotification>["open"];
}

const RecordMutationsContext = createContext<RecordMutations | undefined>(undefined);

export function RecordMutationsProvider({ children }: { readonly children: ReactNode }) {
  const { mutateAsync } = useDelete();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const mutations = useMemo<RecordMutations>(
    () => ({
      // mutateAsync, not mutate: on a shared mutation, mutate's own callbacks fire for the latest
      // call only, and two rows may be deleted before the first answer.
      deleteRecord: async (resource, id) => {
        await mutateAsync({ resource, id });
      },
      invalidate,
      notify: open,
    }),
    [mutateAsync, invalidate, open],
  );
  return <RecordMutationsContext.Provider value={mutations}>{children}</RecordMutationsContext.Provider>;
}

/** Gives `children` the page's record hooks, or an instance of their own where no page provides one (a screen rendered alone). */
export function RecordMutationsScope({ children }: { readonly children: ReactNode }) {
  return useContext(RecordMutationsContext) ? children : <RecordMutationsProvider>{children}</RecordMutationsProvider>;
}

/** The page's record hooks; only inside a RecordMutationsScope or RecordMutationsProvider. */
export function useRecordMutations(): RecordMutations {
  const mutations = useContext(RecordMutationsContext);
  if (!mutations) throw new Error("useRecordMutations: no RecordMutationsProvider above this component");
  return mutations;
}
