import {
  addItemToWishlist,
  clearWishlist,
  failureAnswer,
  getWishlist,
  removeItemFromWishlist,
  rowId,
  text,
  toggleWishlistItem,
  type WishlistResult,
} from "@vitrine/commerce";
import { data, redirect } from "react-router";
import { z } from "zod";
import { RecommendationSlider } from "../components/basket/RecommendationSlider.tsx";
import { WishlistItemCard } from "../components/basket/WishlistItemCard.tsx";
import { Link } from "../components/Link.tsx";
import { useT } from "../i18n/i18n.tsx";
import { requestShopper } from "../lib/basket.server.ts";
import { pageTitleMeta } from "../lib/basket-meta.ts";
import { basketRecommendations } from "../lib/basket-recommendations.server.ts";
import { invalidForm, refused } from "../lib/refusal.server.ts";
import { safeRedirectPath } from "../lib/security.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { localizedPath } from "../lib/store.ts";
import type { Route } from "./+types/wishlist";
import "../styles/basket.css";

export const handle = { pageType: "wishlist" };

/** The title in the store's language; the layout's other tags (description, robots) are kept. */
export const meta: Route.MetaFunction = ({ matches }) => pageTitleMeta(matches, "wishlist.title");

const productId = z.coerce.number().pipe(rowId);
const variantId = z
  .union([z.literal(""), z.coerce.number().pipe(rowId)])
  .optional()
  .transform((v) => (v === "" || v === undefined ? null : v));
/** The wishlist's forms (and the heart on product pages, which posts `intent=toggle` here). */
const wishlistForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle"), productId, variantId, redirectTo: z.string().max(500).optional() }),
  z.object({ intent: z.literal("add"), productId, variantId, redirectTo: z.string().max(500).optional() }),
  z.object({ intent: z.literal("remove"), itemKey: text().trim().min(1).max(80) }),
  z.object({ intent: z.literal("clear") }),
]);

export interface WishlistActionData {
  ok: boolean;
  intent: string;
  errorKey?: string;
  added?: boolean;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const wishlist = await getWishlist(store.ctx, await requestShopper(store, request));
  const recommendations =
    wishlist.count === 0 ? await basketRecommendations(store, { items: [], isEmpty: true }, request.url) : null;
  return { wishlist, recommendations };
}

export async function action({ request, context }: Route.ActionArgs) {
  const store = storeRequest(context);
  const form = await request.formData();
  const viaJs = form.get("via") === "js";
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === "string"));
  const intent = typeof fields.intent === "string" ? fields.intent : "";
  const parsed = wishlistForm.safeParse(fields);
  if (!parsed.success) {
    return refused<WishlistActionData>({ ok: false, intent, errorKey: "wishlist.error.generic" }, invalidForm(intent));
  }
  const ctx = store.ctx;
  const shopper = await requestShopper(store, request);
  const input = parsed.data;
  let result: WishlistResult | undefined;
  let back = "/wishlist/";
  switch (input.intent) {
    case "toggle":
    case "add": {
      const add = { productId: input.productId, variantId: input.variantId };
      result =
        input.intent === "toggle"
          ? await toggleWishlistItem(ctx, shopper, add)
          : await addItemToWishlist(ctx, shopper, add);
      // The heart on a product page sends the shopper back to that page.
      const target = input.redirectTo ? safeRedirectPath(input.redirectTo, "") : "";
      if (target) back = target;
      break;
    }
    case "remove":
      result = await removeItemFromWishlist(ctx, shopper, input.itemKey);
      break;
    case "clear":
      await clearWishlist(ctx, shopper);
      break;
  }
  if (result && !result.ok) {
    const answer = failureAnswer(result);
    return data<WishlistActionData>({ ok: false, intent, errorKey: answer.messageKey }, { status: answer.status });
  }
  if (!viaJs) throw redirect(back.startsWith("/wishlist/") ? localizedPath(store.shop, back) : back, 303);
  return data<WishlistActionData>({ ok: true, intent, added: result?.added ?? false });
}

export default function WishlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { wishlist, recommendations } = loaderData;
  return (
    <main id="main" className="page basket-page">
      <h1 className="basket-page__title">
        {t("wishlist.title")}
        {wishlist.count > 0 ? (
          <span className="basket-page__count"> ({t("wishlist.items", { count: wishlist.count })})</span>
        ) : null}
      </h1>
      {actionData?.errorKey ? (
        <p className="basket-notice basket-notice--error" role="alert">
          {t(actionData.errorKey)}
        </p>
      ) : null}
      {wishlist.items.length === 0 ? (
        <section className="basket-empty">
          <p className="basket-empty__text">{t("wishlist.empty")}</p>
          <p className="basket-empty__hint">{t("wishlist.empty_hint")}</p>
          <div className="basket-empty__actions">
            <Link to="/" className="basket-button basket-button--primary">
              {t("wishlist.discover")}
            </Link>
          </div>
        </section>
      ) : (
        <ul className="wishlist-grid" aria-label={t("wishlist.items_label")}>
          {wishlist.items.map((item) => (
            <WishlistItemCard key={item.key} item={item} />
          ))}
        </ul>
      )}
      {recommendations ? (
        <RecommendationSlider
          title={recommendations.headline || t("wishlist.recommendations_title")}
          products={recommendations.products}
        />
      ) : null}
    </main>
  );
}
