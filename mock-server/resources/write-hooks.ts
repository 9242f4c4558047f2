// Rules some resources add to the generic writes (the org calls of spec §7: an account gets its
// initial password, its sessions end with it, a role's grants go with it). Hooks run inside the
// write's transaction, so a failing hook rolls the write back. A hook is a domain rule's
// (domain/write-hook.ts); this is where the generic writes find the ones a resource has.
import type { WriteHook } from "../domain/write-hook";

export class WriteHooks {
  private readonly hooks = new Map<string, WriteHook[]>();

  add(resource: string, hook: WriteHook): void {
    this.hooks.set(resource, [...(this.hooks.get(resource) ?? []), hook]);
  }

  of(resource: string): readonly WriteHook[] {
    return this.hooks.get(resource) ?? [];
  }
}
