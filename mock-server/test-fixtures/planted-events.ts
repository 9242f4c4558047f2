// A ledger as a restored database or a bulk load may hold it: events appended with no rule and no
// transition table between, changing no code's state, for tests that need an event of any kind on
// any code (what the EPCIS interface delivers, a plan over many events, a code encoded twice).
// Rules append through domain/ledger/ledger.ts, which checks every move against the table.
import type { ChainContext } from "../domain/chain-context";
import { appendEvent } from "../domain/ledger/append-event";
import type { EventFields } from "../domain/ledger/ledger-event";

/** Appends `event` unchecked, in a transaction of its own; its id. */
export const plantEvent = async (ctx: ChainContext, event: EventFields): Promise<number> =>
  await ctx.store.transaction(async () => await appendEvent(ctx, event));
