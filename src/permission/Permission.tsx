// spec §6 element guard: children are removed unless the user holds one of the listed roles or
// button codes (admin always does). An empty list logs 'need roles!' and removes them.
import type { ReactNode } from "react";
import { useCan } from "./use-can";

interface Props {
  /** Role keys or button codes (both are roles, spec §4); `roles` is the same list by another name. */
  readonly codes?: readonly string[];
  readonly roles?: readonly string[];
  readonly children: ReactNode;
  readonly fallback?: ReactNode;
}

export function Permission({ codes, roles, children, fallback = null }: Props) {
  const can = useCan();
  return can(codes ?? roles) ? children : fallback;
}
