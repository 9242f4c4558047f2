// spec §2 /redirect/:path*: refreshes a view. The page under the path gets a new key, so it remounts.
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { PATHS } from "../settings";
import { bumpGeneration } from "../state/tags-store";

export function RedirectPage() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const target = pathname.slice(PATHS.redirect.length) || "/";
  useEffect(() => {
    bumpGeneration(target);
    navigate(`${target}${search}${hash}`, { replace: true });
  }, [navigate, target, search, hash]);
  return null;
}
