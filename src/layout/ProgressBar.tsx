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
    return () => clearTimeout(done);
  }, [pathname]);
  // The fade-out starts only once "done" has been shown: two timers set together both fired before
  // the next paint whenever a new page held the main thread past 400 ms, and the bar never finished.
  useEffect(() => {
    if (state !== "done") return;
    const idle = setTimeout(() => setState("idle"), 400);
    return () => clearTimeout(idle);
  }, [state]);
  return <div className={`progress-bar progress-${state}`} role="progressbar" aria-hidden={state === "idle"} />;
}
