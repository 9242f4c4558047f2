// The console runs react-router in declarative mode (<BrowserRouter>, App.tsx), where navigate()
// returns nothing; only a data router's navigate returns a promise. react-router's own advice for
// this mode is to narrow the type, so a navigation is not mistaken for a floating promise.
import type { NavigateOptions, To } from "react-router";

declare module "react-router" {
  interface NavigateFunction {
    (to: To, options?: NavigateOptions): void;
    (delta: number): void;
  }
}
