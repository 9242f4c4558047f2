// The console's actions on a subscription (manifest epcis_subscriptions: pause, resume, remove),
// each the EPCIS interface's own rule on the row the console lists. Who may is the action's button
// permission, which the route checks before this runs: staff granted it manage every partner's
// subscriptions, as an administrator does through the interface, so the rule is called as one.
import type { ActionCall, DomainHandler } from "../../domain-handler";
import { deleteSubscription, setSubscriptionPaused, type Caller } from "./subscriptions";

function target(call: ActionCall): { name: string; id: string; caller: Caller } {
  const row = call.row!;
  return {
    name: String(row.query_name),
    id: String(row.id),
    caller: { accountId: call.session?.accountId ?? 0, admin: true },
  };
}

const pausing = (paused: boolean): DomainHandler => ({
  run: async (call) => {
    const { name, id, caller } = target(call);
    await setSubscriptionPaused(call.ctx, name, id, caller, paused);
    return undefined;
  },
});

export const pauseSubscription = pausing(true);
export const resumeSubscription = pausing(false);

/** Answers the subscription as it was when removed: it has no row left to read. */
export const removeSubscription: DomainHandler = {
  run: async (call) => {
    const { name, id, caller } = target(call);
    const last = await call.ctx.records.record(call.info, id);
    await deleteSubscription(call.ctx, name, id, caller);
    return last;
  },
};
