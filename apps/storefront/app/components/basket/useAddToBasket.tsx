import type { ExistingItemHandling } from "@vitrine/commerce";
import { lazy, type ReactNode, Suspense, useCallback, useState } from "react";
import {
  addItemsToBasket,
  addItemToBasket,
  type BasketItemAddPayload,
  type BasketMutation,
  basketErrorKey,
  isReplacingAdd,
  lastAddedItem,
} from "../../lib/basket-client.ts";
import { useStoreData } from "../../lib/use-store.ts";
import type { AddedToBasket } from "./AddedToBasketModal.tsx";

// The modal is needed only after an add: its code is fetched when the first add starts, while the call runs.
const loadModal = () => import("./AddedToBasketModal.tsx");
const AddedToBasketModal = lazy(() => loadModal().then((module) => ({ default: module.AddedToBasketModal })));

export type AddToBasketOutcome = { ok: true; result: BasketMutation } | { ok: false; errorKey: string };

export interface AddToBasket {
  /** Adds one item over the RPC channel; opens the modal after a non-replacing add. */
  add(payload: BasketItemAddPayload): Promise<AddToBasketOutcome>;
  /** Adds several items in one call (an outfit). */
  addMany(
    items: Omit<BasketItemAddPayload, "existingItemHandling">[],
    handling?: ExistingItemHandling,
  ): Promise<AddToBasketOutcome>;
  pending: boolean;
  /** Message key of the last failure (basket.error.*), shown with `t(errorKey)`. */
  errorKey: string | null;
  /** Render this once where the hook is used: the added-to-basket modal. */
  modal: ReactNode;
}

/**
 * Add to basket from any page with JavaScript: the RPC call, the header counter update, the error message key
 * (412 out of stock, 413 basket full, anything else generic) and the added-to-basket modal.
 *
 *   const basket = useAddToBasket();
 *   await basket.add({ variantId, quantity: 1 });
 *   return <>{form}{basket.modal}</>;
 */
export function useAddToBasket(): AddToBasket {
  const { shop } = useStoreData();
  const [pending, setPending] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [added, setAdded] = useState<AddedToBasket | null>(null);

  const run = useCallback(async (call: () => Promise<BasketMutation>, replacing: boolean) => {
    if (!replacing) void loadModal();
    setPending(true);
    setErrorKey(null);
    try {
      const result = await call();
      const item = lastAddedItem(result);
      if (item && !replacing) {
        setAdded({
          item,
          count: result.basket.count,
          reduced: result.warnings.includes("ItemAddedWithReducedQuantity"),
        });
      }
      return { ok: true, result } as const;
    } catch (error) {
      const key = basketErrorKey(error);
      setErrorKey(key);
      return { ok: false, errorKey: key } as const;
    } finally {
      setPending(false);
    }
  }, []);

  const add = useCallback(
    (payload: BasketItemAddPayload) =>
      run(() => addItemToBasket(shop.shopId, payload), isReplacingAdd(payload.existingItemHandling)),
    [run, shop.shopId],
  );
  const addMany = useCallback(
    (items: Omit<BasketItemAddPayload, "existingItemHandling">[], handling?: ExistingItemHandling) =>
      run(() => addItemsToBasket(shop.shopId, items, handling), isReplacingAdd(handling)),
    [run, shop.shopId],
  );

  return {
    add,
    addMany,
    pending,
    errorKey,
    modal: added ? (
      <Suspense fallback={null}>
        <AddedToBasketModal added={added} onClose={() => setAdded(null)} />
      </Suspense>
    ) : null,
  };
}
