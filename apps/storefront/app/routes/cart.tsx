import {
  addItemToBasket,
  addItemToWishlist,
  type BasketFailure,
  type BasketResult,
  clearBasket,
  type DomainFailure,
  EXISTING_ITEM_HANDLING,
  failureAnswer,
  getBasket,
  getUnavailableBasketItems,
  MAX_ITEM_QUANTITY,
  removeItemFromBasket,
  removeUnavailableBasketItems,
  rowId,
  text,
  updateBasketItem,
} from "@vitrine/commerce";
import { formatMoney } from "@vitrine/commerce/money";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { BasketItemRow, type CartActionData } from "../components/basket/BasketItemRow.tsx";
import { BasketPromotions } from "../components/basket/BasketPromotions.tsx";
import { BasketSummary } from "../components/basket/BasketSummary.tsx";
import { DeliveryPackages } from "../components/basket/DeliveryPackages.tsx";
import { RecommendationSlider } from "../components/basket/RecommendationSlider.tsx";
import { Link } from "../components/Link.tsx";
import { useT } from "../i18n/i18n.tsx";
import { requestShopper } from "../lib/basket.server.ts";
import { pageTitleMeta } from "../lib/basket-meta.ts";
import { basketRecommendations } from "../lib/basket-recommendations.server.ts";
import { invalidForm, refused } from "../lib/refusal.server.ts";
import { safeRedirectPath } from "../lib/security.server.ts";
import { type StoreRequest, storeRequest } from "../lib/shop.server.ts";
import { localizedPath } from "../lib/store.ts";
import { useStoreData } from "../lib/use-store.ts";
import type { Route } from "./+types/cart";
import "../styles/basket.css";

export const handle = { pageType: "cart" };

/** The title in the store's language; the layout's other tags (description, robots) are kept. */
export const meta: Route.MetaFunction = ({ matches }) => pageTitleMeta(matches, "basket.title");

const itemKey = text().trim().min(1).max(80);
/** The basket page's forms; every one carries `intent` (and `via=js` when sent by the page's script). */
const cartForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    variantId: z.coerce.number().pipe(rowId),
    quantity: z.coerce.number().int().min(1).max(MAX_ITEM_QUANTITY).default(1),
    existingItemHandling: z.enum(EXISTING_ITEM_HANDLING).optional(),
    redirectTo: z.string().max(500).optional(),
  }),
  z.object({
    intent: z.literal("update"),
    itemKey,
    quantity: z.coerce.number().int().min(0).max(MAX_ITEM_QUANTITY),
    promotionId: z
      .string()
      .max(80)
      .default("")
      .transform((v) => v || null),
  }),
  z.object({ intent: z.literal("remove"), itemKey }),
  z.object({ intent: z.literal("wishlist"), itemKey }),
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("remove-unavailable") }),
]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const shopper = await requestShopper(store, request);
  const [basket, unavailable] = await Promise.all([
    getBasket(store.ctx, shopper),
    // Lines of products deleted (or sizes removed, products taken out) since they were added: named, not dropped.
    getUnavailableBasketItems(store.ctx, shopper),
  ]);
  const url = new URL(request.url);
  const added = url.searchParams.get("added");
  const continueTo = url.searchParams.get("continue");
  return {
    basket,
    unavailable: unavailable.map(({ key, name, size, reason }) => ({ key, name, size, reason })),
    added: added ? (basket.items.find((i) => i.key === added) ?? null) : null,
    reduced: url.searchParams.get("warning") === "reduced",
    continueTo: continueTo ? safeRedirectPath(continueTo, "") || null : null,
    recommendations: await basketRecommendations(store, basket, request.url),
  };
}

type Outcome = { ok: true; to: string; warningKey?: string } | { ok: false; failure: DomainFailure; errorKey: string };

/**
 * Basket changes as forms (no JavaScript needed): add, change quantity or promotion, remove, move to the wishlist,
 * clear. A page form gets a redirect back to the basket (303) on success and the page with the error otherwise;
 * a form sent by the page's script gets the outcome as data.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const store = storeRequest(context);
  const form = await request.formData();
  const viaJs = form.get("via") === "js";
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === "string"));
  const parsed = cartForm.safeParse(fields);
  const intent = typeof fields.intent === "string" ? fields.intent : "";
  const outcome: Outcome = parsed.success
    ? await perform(store, request, parsed.data)
    : {
        ok: false,
        failure: invalidForm(intent),
        errorKey: intent === "add" && !fields.variantId ? "basket.error.choose_size" : "basket.error.generic",
      };
  if (outcome.ok) {
    if (!viaJs) throw redirect(localizedPath(store.shop, outcome.to), 303);
    return data<CartActionData>({
      ok: true,
      intent,
      ...(outcome.warningKey ? { warningKey: outcome.warningKey } : {}),
    });
  }
  return refused<CartActionData>({ ok: false, intent, errorKey: outcome.errorKey }, outcome.failure);
}

function failed(failure: BasketFailure): Outcome {
  return { ok: false, failure, errorKey: failureAnswer(failure).messageKey };
}

function done(result: BasketResult, to = "/cart/"): Outcome {
  if (!result.ok) return failed(result);
  const reduced = result.warnings.includes("ItemAddedWithReducedQuantity");
  return reduced
    ? {
        ok: true,
        to: `${to}${to.includes("?") ? "&" : "?"}warning=reduced`,
        warningKey: "basket.warning.reduced_quantity",
      }
    : { ok: true, to };
}

async function perform(store: StoreRequest, request: Request, form: z.output<typeof cartForm>): Promise<Outcome> {
  const ctx = store.ctx;
  const shopper = await requestShopper(store, request);
  switch (form.intent) {
    case "add": {
      const result = await addItemToBasket(ctx, shopper, {
        variantId: form.variantId,
        quantity: form.quantity,
        ...(form.existingItemHandling ? { existingItemHandling: form.existingItemHandling } : {}),
      });
      if (!result.ok) return failed(result);
      // Without script the basket page stands in for the added-to-basket modal: it points out the new item.
      const params = new URLSearchParams({ added: result.itemKeys.at(-1) ?? "" });
      const back = form.redirectTo ? safeRedirectPath(form.redirectTo, "") : "";
      if (back) params.set("continue", back);
      return done(result, `/cart/?${params}`);
    }
    case "update":
      return done(
        await updateBasketItem(ctx, shopper, {
          basketItemKey: form.itemKey,
          update: { quantity: form.quantity, promotionId: form.promotionId },
        }),
      );
    case "remove":
      return done(await removeItemFromBasket(ctx, shopper, { itemKey: form.itemKey }));
    case "wishlist": {
      const basket = await getBasket(ctx, shopper);
      const item = basket.items.find((i) => i.key === form.itemKey && !i.isGift);
      if (!item) return failed({ ok: false, error: "ItemNotFound", itemKey: form.itemKey });
      const saved = await addItemToWishlist(ctx, shopper, { productId: item.product.id, variantId: item.variant.id });
      if (!saved.ok) return { ok: false, failure: saved, errorKey: failureAnswer(saved).messageKey };
      return done(await removeItemFromBasket(ctx, shopper, { itemKey: item.key }));
    }
    case "clear":
      await clearBasket(ctx, shopper);
      return { ok: true, to: "/cart/" };
    case "remove-unavailable":
      await removeUnavailableBasketItems(ctx, shopper);
      return { ok: true, to: "/cart/" };
  }
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { shop } = useStoreData();
  const { basket, unavailable, added, reduced, continueTo, recommendations } = loaderData;
  const items = basket.items;
  return (
    <main id="main" className="page basket-page">
      <h1 className="basket-page__title">
        {t("basket.title")}
        {basket.count > 0 ? (
          <span className="basket-page__count"> ({t("basket.items", { count: basket.count })})</span>
        ) : null}
      </h1>
      {actionData?.errorKey ? (
        <p className="basket-notice basket-notice--error" role="alert">
          {t(actionData.errorKey)}
        </p>
      ) : null}
      {added ? (
        <div className="basket-notice basket-notice--success" role="status">
          <p>{t("basket.added_notice", { name: added.product.name, size: added.variant.sizeLabel })}</p>
          {continueTo ? (
            <a href={continueTo} className="basket-link">
              {t("basket.continue_shopping")}
            </a>
          ) : null}
        </div>
      ) : null}
      {unavailable.length > 0 ? (
        <section className="basket-notice basket-notice--warning basket-unavailable" role="status">
          <p>{t("basket.unavailable.title", { count: unavailable.length })}</p>
          <ul>
            {unavailable.map((item) => (
              <li key={item.key}>
                {t(`basket.unavailable.${item.reason}`, { name: item.name, size: item.size ?? "" })}
              </li>
            ))}
          </ul>
          <p>{t("basket.unavailable.hint")}</p>
          <Form method="post">
            <button type="submit" name="intent" value="remove-unavailable" className="basket-link">
              {t("basket.unavailable.remove")}
            </button>
          </Form>
        </section>
      ) : null}
      {reduced ? (
        <p className="basket-notice basket-notice--warning" role="status">
          {t("basket.warning.reduced_quantity")}
        </p>
      ) : null}

      {items.length === 0 ? (
        <section className="basket-empty">
          <p className="basket-empty__text">{t("basket.empty")}</p>
          <p className="basket-empty__hint">{t("basket.empty_hint")}</p>
          <div className="basket-empty__actions">
            <Link to="/" className="basket-button basket-button--primary">
              {t("basket.continue_shopping")}
            </Link>
            <Link to="/wishlist/" className="basket-button basket-button--secondary">
              {t("basket.to_wishlist")}
            </Link>
          </div>
        </section>
      ) : (
        <div className="basket-layout">
          <div className="basket-topbar">
            <span>
              {t("basket.summary_total")} <strong>{formatMoney(basket.cost.withTax, shop)}</strong>
            </span>
            <Link to="/checkout/" className="basket-button basket-button--primary basket-button--small">
              {t("basket.checkout")}
            </Link>
          </div>
          <div className="basket-layout__main">
            <ul className="basket-items" aria-label={t("basket.items_label")}>
              {items.map((item) => (
                <BasketItemRow key={item.key} item={item} promotions={basket.applicablePromotions} />
              ))}
            </ul>
            <BasketPromotions promotions={basket.applicablePromotions} />
            <DeliveryPackages packages={basket.packages} items={items} />
            <Form method="post" className="basket-clear">
              <button type="submit" name="intent" value="clear" className="basket-link">
                {t("basket.clear")}
              </button>
            </Form>
          </div>
          <aside className="basket-layout__side">
            <BasketSummary basket={basket} />
          </aside>
        </div>
      )}
      <RecommendationSlider
        title={recommendations.headline || t("basket.recommendations_title")}
        products={recommendations.products}
      />
    </main>
  );
}
