import type { ExistingItemHandling } from "@vitrine/commerce";
import { lazy, type ReactNode, Suspense, useCallback, useRef, useState } from "react";
import type { BasketItemAddPayload, BasketMutation } from "../../lib/basket-client.ts";
import { useStoreData } from "../../lib/use-store.ts";
import type { AddedToBasket } from "./AddedToBasketModal.tsx";

/*
 * What only an add needs, the basket calls (RPC client) and the added-to-basket modal, loads when the first add
 * starts, or earlier when the shopper shows the intent (`prepareBasketAdd`: a size chosen, the pointer or focus
 * on the button). A page that is only looked at never fetches it.
 */
const loadCalls = () => import("../../lib/basket-client.ts");
type BasketCalls = Awaited<ReturnType<typeof loadCalls>>;
const loadModal = () => import("./AddedToBasketModal.tsx");
const AddedToBasketModal = lazy(() => loadModal().then((module) => ({ default: module.AddedToBasketModal })));

export function prepareBasketAdd(): void {
  void loadCalls();
  void loadModal();
}

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
  // The button that started the add: it is disabled while the add runs, so the dialog cannot remember it as the
  // element to return focus to (it would give focus back to <body>). Closing the modal focuses it again.
  const opener = useRef<HTMLElement | null>(null);

  const run = useCallback(
    async (call: (calls: BasketCalls) => Promise<BasketMutation>, handling: ExistingItemHandling | undefined) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setPending(true);
      setErrorKey(null);
      let calls: BasketCalls | undefined;
      try {
        calls = await loadCalls();
        const replacing = calls.isReplacingAdd(handling);
        if (!replacing) void loadModal();
        const result = await call(calls);
        const item = calls.lastAddedItem(result);
        if (item && !replacing) {
          setAdded({
            item,
            count: result.basket.count,
            reduced: result.warnings.includes("ItemAddedWithReducedQuantity"),
          });
        }
        return { ok: true, result } as const;
      } catch (error) {
        // Without the calls' code (it failed to load) the failure is the generic one.
        const key = calls ? calls.basketErrorKey(error) : "basket.error.add_generic";
        setErrorKey(key);
        return { ok: false, errorKey: key } as const;
      } finally {
        setPending(false);
      }
    },
    [],
  );

  const add = useCallback(
    (payload: BasketItemAddPayload) =>
      run((calls) => calls.addItemToBasket(shop.shopId, payload), payload.existingItemHandling),
    [run, shop.shopId],
  );
  const addMany = useCallback(
    (items: Omit<BasketItemAddPayload, "existingItemHandling">[], handling?: ExistingItemHandling) =>
      run((calls) => calls.addItemsToBasket(shop.shopId, items, handling), handling),
    [run, shop.shopId],
  );

  return {
    add,
    addMany,
    pending,
    errorKey,
    modal: added ? (
      <Suspense fallback={null}>
        <AddedToBasketModal
          added={added}
          onClose={() => {
            setAdded(null);
            if (opener.current?.isConnected) opener.current.focus();
          }}
        />
      </Suspense>
    ) : null,
  };
}
