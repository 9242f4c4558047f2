// A read-only list (query screens): filters, paging, show and export, no create/edit/delete.
import { ListScreen } from "./ListScreen";
import type { ScreenConfig } from "../../../schema/contract/screen-config";

export function QueryScreen({ config }: { config: ScreenConfig }) {
  return <ListScreen config={config} readOnly />;
}
