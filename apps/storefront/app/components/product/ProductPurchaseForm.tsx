import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useT } from "../../i18n/i18n.tsx";
import {
  type DeliveryDisplay,
  keptSizeOf,
  type PriceDisplay,
  preselectedVariant,
  type SizeOption,
} from "../../lib/product-page.ts";
import { localizedPath } from "../../lib/store.ts";
import { useStoreData } from "../../lib/use-store.ts";
import { loadWishlistProducts, toggleWishlistProduct, useInWishlist } from "../../lib/wishlist-hearts.ts";
import { Button } from "../Button.tsx";
import { prepareBasketAdd, useAddToBasket } from "../basket/useAddToBasket.tsx";
import { WishlistIcon } from "../icons/ui.tsx";
import { ChosenSizeContext } from "./ColourSwatches.tsx";
import { ProductPrice } from "./ProductPrice.tsx";
import { SizeSelector } from "./SizeSelector.tsx";

export interface ProductPurchaseFormProps {
  productId: number;
  path: string;
  isSoldOut: boolean;
  price: PriceDisplay;
  sizes: SizeOption[];
  /** Delivery over all sizes that can be bought, shown until a size is chosen. */
  delivery: DeliveryDisplay | null;
  sizeChartId?: string;
  /** Shown between the price and the sizes (the colour swatches). */
  children?: ReactNode;
}

/**
 * Price, size choice, delivery dates, add to basket and the wishlist toggle in one form. Without JavaScript it
 * posts to the basket (`intent=add`) or, from the heart button, to the wishlist (`intent=toggle`); the browser
 * insists on a size. With JavaScript the page asks for the size itself, updates price and delivery dates for the
 * chosen one, adds over the RPC channel (the added-to-basket modal opens) and toggles the wishlist in place.
 */
export function ProductPurchaseForm(props: ProductPurchaseFormProps) {
  const { productId, path, isSoldOut, sizes, delivery, sizeChartId, children } = props;
  const t = useT();
  const { shop, shell } = useStoreData();
  const basket = useAddToBasket();
  // The heart's state is the shopper's own: the browser asks for it (the page is the same for every shopper).
  const inWishlist = useInWishlist(productId);
  useEffect(() => loadWishlistProducts(shop.shopId, shell.counts.wishlist), [shop.shopId, shell.counts.wishlist]);
  const [wishlistFailed, setWishlistFailed] = useState(false);
  const [selected, setSelected] = useState<number | null>(() => preselectedVariant(sizes));
  const [missingSize, setMissingSize] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => setHydrated(true), []);
  // Coming from another colour of this product with a size chosen: keep that size if this colour has it. Read
  // after hydration, as the server does not know the location state.
  const location = useLocation();
  const keptSize = keptSizeOf(location.state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival; later choices are the shopper's.
  useEffect(() => {
    const kept = preselectedVariant(sizes, keptSize);
    if (keptSize && kept !== null) setSelected(kept);
  }, []);

  const chosen = sizes.find((s) => s.variantId === selected);
  const shownDelivery = chosen && chosen.availability !== "sold_out" ? chosen.delivery : delivery;
  const returnTo = localizedPath(shop.code, path);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "toggle") {
      setWishlistFailed(false);
      try {
        await toggleWishlistProduct(shop.shopId, productId, selected);
      } catch {
        setWishlistFailed(true);
      }
      return;
    }
    if (selected === null) {
      setMissingSize(true);
      form.current?.querySelector<HTMLInputElement>('input[name="variantId"]:not(:disabled)')?.focus();
      return;
    }
    await basket.add({ variantId: selected, quantity: 1 });
  }

  return (
    <form
      ref={form}
      className="purchase"
      onPointerEnter={prepareBasketAdd}
      onFocus={prepareBasketAdd}
      method="post"
      action={localizedPath(shop.code, "/cart/")}
      noValidate={hydrated}
      onSubmit={onSubmit}
      aria-busy={basket.pending || undefined}
    >
      <input type="hidden" name="quantity" value="1" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <ProductPrice price={chosen ? chosen.price : props.price} size="lg" />
      <p className="purchase__vat">{t("product.vat_included")}</p>
      <ChosenSizeContext.Provider value={chosen?.size ?? null}>{children}</ChosenSizeContext.Provider>
      {isSoldOut ? (
        <p className="purchase__sold-out" role="status">
          {t("product.sold_out_message")}
        </p>
      ) : null}
      <SizeSelector
        sizes={sizes}
        selected={selected}
        onSelect={(id) => {
          setSelected(id);
          setMissingSize(false);
          prepareBasketAdd();
        }}
        error={missingSize ? t("product.choose_size_error") : null}
        sizeChartId={sizeChartId}
        required={!isSoldOut}
      />
      {shownDelivery && !isSoldOut ? (
        <p
          className="purchase__delivery"
          aria-live="polite"
          data-delivery-min={shownDelivery.minDate}
          data-delivery-max={shownDelivery.maxDate}
        >
          {t("product.delivery_range", {
            min: shownDelivery.min,
            max: shownDelivery.max,
          })}
        </p>
      ) : null}
      <div className="purchase__actions">
        <Button
          type="submit"
          name="intent"
          value="add"
          size="lg"
          uppercase
          className="purchase__add"
          disabled={isSoldOut}
          loading={basket.pending}
        >
          {isSoldOut ? t("product.sold_out") : t("product.add_to_basket")}
        </Button>
        <button
          type="submit"
          name="intent"
          value="toggle"
          formAction={localizedPath(shop.code, "/wishlist/")}
          formNoValidate
          className={`wishlist-toggle${inWishlist ? " wishlist-toggle--active" : ""}`}
          aria-pressed={inWishlist}
        >
          <WishlistIcon filled={inWishlist} size={24} />
          <span className="visually-hidden">{t("product.wishlist")}</span>
        </button>
      </div>
      {basket.errorKey ? (
        <p className="purchase__error" role="alert">
          {t(basket.errorKey)}
        </p>
      ) : null}
      {wishlistFailed ? (
        <p className="purchase__error" role="alert">
          {t("product.wishlist_error")}
        </p>
      ) : null}
      {basket.modal}
    </form>
  );
}
