// Tests set a dealer's authorised regions directly, as the seed does: the whole list, checked by the
// authorise-region rule first so a test cannot hold what the console would refuse.
import type { AppContext } from "../context";
import { AUTHORISED_REGIONS, checkAuthorisedRegions, DEALERS } from "../domain/logistics/authorise-region";
import { writeLinks } from "../resources/links";

export async function authoriseDealer(ctx: AppContext, dealerId: number, codes: readonly string[]): Promise<void> {
  checkAuthorisedRegions(codes);
  await writeLinks(ctx.store, ctx.catalog.info(DEALERS), dealerId, { [AUTHORISED_REGIONS]: [...codes] });
}
