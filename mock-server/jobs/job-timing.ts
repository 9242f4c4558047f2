// How long a background job's lease lasts and how often a process looks for jobs nobody holds.
// JOB_LEASE_MS: a process that stops proving it is alive loses its jobs after this long (it died,
// or its host is cut off); JOB_POLL_MS: how soon a free job is picked up by another process.
import { LEASE_MS } from "./job-leases";

export interface JobTiming {
  readonly leaseMs: number;
  readonly pollMs: number;
}

export const POLL_MS = 1_000;

export function jobTiming(env: NodeJS.ProcessEnv): JobTiming {
  return { leaseMs: positive(env.JOB_LEASE_MS, LEASE_MS), pollMs: positive(env.JOB_POLL_MS, POLL_MS) };
}

const positive = (text: string | undefined, fallback: number): number => {
  const value = Number(text);
  return text && Number.isFinite(value) && value > 0 ? value : fallback;
};
