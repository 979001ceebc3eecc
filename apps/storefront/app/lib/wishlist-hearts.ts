import { useSyncExternalStore } from "react";

/**
 * Which products are on the shopper's wishlist, for the hearts on product tiles. Catalogue pages are the same
 * for every shopper, so the browser asks once per page load (over the RPC channel, only when the header says
 * the wishlist has anything) and keeps the answer here; every heart reads it and a toggle updates it.
 */

let saved: ReadonlySet<number> = new Set();
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function publish(next: ReadonlySet<number>): void {
  saved = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads the wishlist's products once (nothing to load while the wishlist is empty). */
export function loadWishlistProducts(shopId: number, count: number): void {
  if (count === 0 || loading || typeof window === "undefined") return;
  loading = import("./rpc/client.ts")
    .then(({ callRpc }) => callRpc<{ items: { product: { id: number } }[] }>("getWishlist", {}, shopId))
    .then((wishlist) => publish(new Set(wishlist.items.map((i) => i.product.id))))
    .catch(() => {
      loading = undefined;
    });
}

/** Adds or removes the product (in the size chosen, if any); resolves with whether it is on the wishlist now. */
export async function toggleWishlistProduct(
  shopId: number,
  productId: number,
  variantId: number | null = null,
): Promise<boolean> {
  const { toggleWishlistItem } = await import("./basket-client.ts");
  const { added } = await toggleWishlistItem(shopId, productId, variantId);
  const next = new Set(saved);
  if (added) next.add(productId);
  else next.delete(productId);
  publish(next);
  return added;
}

/** Whether the product is on the wishlist (false on the server and until the browser knows). */
export function useInWishlist(productId: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => saved.has(productId),
    () => false,
  );
}
