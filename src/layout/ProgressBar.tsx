// A thin progress bar at the top on each navigation (the original's NProgress).
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";

export function ProgressBar() {
  const { pathname } = useLocation();
  const [state, setState] = useState<"idle" | "start" | "done">("idle");
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setState("start");
    const done = setTimeout(() => setState("done"), 200);
    const idle = setTimeout(() => setState("idle"), 600);
    return () => {
      clearTimeout(done);
      clearTimeout(idle);
    };
  }, [pathname]);
  return <div className={`progress-bar progress-${state}`} role="progressbar" aria-hidden={state === "idle"} />;
}
