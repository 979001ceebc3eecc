import { getCustomer } from "./auth.server.ts";
import { basketCounts } from "./basket.server.ts";
import type { PersonalData } from "./shell-counts.ts";
import type { StoreRequest } from "./shop.server.ts";

/**
 * What the header shows on every page: counters and the signed-in customer. Loaded once per page load. A guest
 * customer (a guest checkout's customer, no password) is no one the header greets: the account is not theirs to
 * open.
 */
export async function loadShellData(store: StoreRequest, request: Request): Promise<PersonalData> {
  const [counts, customer] = await Promise.all([basketCounts(store, request), getCustomer(store, request)]);
  return {
    counts,
    customer:
      customer && !customer.isGuestCustomer
        ? { firstName: customer.firstName, isGuestCustomer: false as const, groups: customer.groups }
        : null,
  };
}
