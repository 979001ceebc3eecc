import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { useT } from "../../i18n/i18n.tsx";
import { localizedPath } from "../../lib/store.ts";
import { useStoreData } from "../../lib/use-store.ts";
import { prepareBasketAdd, useAddToBasket } from "./useAddToBasket.tsx";

/**
 * A form that adds to the basket. Without JavaScript it posts to the basket page's action (`intent=add`) and the
 * shopper lands on the basket with the added item pointed out; with JavaScript it calls the RPC channel, updates
 * the header counter and opens the added-to-basket modal. The variant comes from a hidden `variantId` or from
 * a control named `variantId` in `children` (a size choice); `quantity` likewise (default 1). Without a size
 * chosen, the browser asks for it without JavaScript (a required control); with JavaScript the shop says so
 * in its own words next to the button and focuses the size choice.
 */
export function AddToBasketForm({
  variantId,
  children,
  label,
  className,
  returnTo,
  disabled,
}: {
  variantId?: number;
  children?: ReactNode;
  label?: string;
  className?: string;
  /** Where "continue shopping" leads after a page-load add (a path inside the store). */
  returnTo?: string;
  disabled?: boolean;
}) {
  const t = useT();
  const { shop } = useStoreData();
  const basket = useAddToBasket();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [missingSize, setMissingSize] = useState(false);
  const missingSizeId = useId();

  /** Marks the size choice (a child control) as the field in error, or clears it. */
  function markSizeChoice(form: HTMLFormElement, missing: boolean) {
    const control = form.elements.namedItem("variantId");
    if (!(control instanceof HTMLSelectElement || control instanceof HTMLInputElement)) return;
    if (missing) {
      control.setAttribute("aria-invalid", "true");
      control.setAttribute("aria-describedby", missingSizeId);
      control.focus();
    } else {
      control.removeAttribute("aria-invalid");
      control.removeAttribute("aria-describedby");
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const id = Number(data.get("variantId"));
    if (!Number.isInteger(id) || id <= 0) {
      setMissingSize(true);
      markSizeChoice(form, true);
      return;
    }
    const quantity = Number(data.get("quantity") ?? 1) || 1;
    await basket.add({ variantId: id, quantity });
  }

  return (
    <form
      method="post"
      action={localizedPath(shop.code as never, "/cart/")}
      className={className ?? "add-to-basket"}
      onSubmit={onSubmit}
      onChange={(event) => {
        if (!missingSize) return;
        setMissingSize(false);
        markSizeChoice(event.currentTarget, false);
      }}
      noValidate={hydrated}
      onPointerEnter={prepareBasketAdd}
      onFocus={prepareBasketAdd}
      aria-busy={basket.pending || undefined}
    >
      <input type="hidden" name="intent" value="add" />
      {variantId !== undefined ? <input type="hidden" name="variantId" value={variantId} /> : null}
      {returnTo ? <input type="hidden" name="redirectTo" value={localizedPath(shop.code as never, returnTo)} /> : null}
      {children}
      <button
        type="submit"
        className="basket-button basket-button--primary"
        disabled={disabled || (hydrated && basket.pending)}
      >
        {label ?? t("basket.add_to_basket")}
      </button>
      {missingSize ? (
        <p id={missingSizeId} className="basket-notice basket-notice--error" role="alert">
          {t("basket.error.choose_size")}
        </p>
      ) : null}
      {basket.errorKey ? (
        <p className="basket-notice basket-notice--error" role="alert">
          {t(basket.errorKey)}
        </p>
      ) : null}
      {basket.modal}
    </form>
  );
}
