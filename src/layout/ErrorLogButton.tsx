// spec §8: the navbar's error-log button, shown only while the log has entries. The button, its
// count (antd's Badge) and the dialog are a chunk of their own (ErrorLogBadge), so the console
// paints without them; it is fetched as the navbar mounts, without holding it up, so it
// is there when the first error is (often the network's, which would fail it too). If it could
// not be fetched, the next entry asks again.
import { useEffect, useState } from "react";
import { loadComponent, loadedComponent } from "../app/use-loaded-component";
import { useStore } from "../state/create-store";
import { errorLogStore, type ErrorLogEntry } from "../state/error-log-store";

type BadgeProps = { readonly entries: readonly ErrorLogEntry[] };
const BADGE = "layout/ErrorLogBadge";
const loadBadge = () => loadComponent<BadgeProps>(BADGE, () => import("./ErrorLogBadge"));

export function ErrorLogButton() {
  const entries = useStore(errorLogStore);
  const [Badge, setBadge] = useState(() => loadedComponent<BadgeProps>(BADGE));
  const wanted = !Badge;
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    // Not logged: an entry for it would ask again at once, while the network is still down.
    loadBadge().then(
      (badge) => current && setBadge(() => badge),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted, entries]);
  return Badge && entries.length > 0 ? <Badge entries={entries} /> : null;
}
