// Moving between a screen's views by config.routes; undefined when a view does not exist.
import { useNavigate } from "react-router-dom";
import { viewPath, type ScreenView } from "./route-path";
import type { ScreenConfig } from "../../../schema/contract/screen-config";

export function useScreenNavigation(config: Pick<ScreenConfig, "routes">) {
  const navigate = useNavigate();
  const go = (view: ScreenView, id?: string | number) => {
    const path = viewPath(config, view, id);
    return path ? () => void navigate(path) : undefined;
  };
  return { go };
}
