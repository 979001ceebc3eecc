import { addItemsToBasket, failureAnswer, isRowId } from "@vitrine/commerce";
import { formatMoney } from "@vitrine/commerce/money";
import { parseProductSegment } from "@vitrine/commerce/slug";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { redirect } from "react-router";
import { Button } from "../components/Button.tsx";
import { prepareBasketAdd, useAddToBasket } from "../components/basket/useAddToBasket.tsx";
import { Link } from "../components/Link.tsx";
import { OutfitPiece } from "../components/outfit/OutfitPiece.tsx";
import { useT } from "../i18n/i18n.tsx";
import { requestShopper } from "../lib/basket.server.ts";
import { invalidPage } from "../lib/errors.ts";
import { pageMeta } from "../lib/meta.ts";
import { loadOutfitPage } from "../lib/outfit-page.server.ts";
import { outfitTotal } from "../lib/outfit-page.ts";
import { preselectedVariant } from "../lib/product-page.ts";
import { invalidForm, refused } from "../lib/refusal.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { localizedPath } from "../lib/store.ts";
import { useStoreData } from "../lib/use-store.ts";
import type { Route } from "./+types/shop-the-look";
import "../styles/product.css";
import "../styles/outfit.css";

export const handle = { pageType: "outfit" };

/**
 * `/p/shop-the-look/{outfitName}-{id}/`: a look's pieces, each with its size, the total and "add all to basket".
 * A wrong or outdated name redirects permanently to the canonical path; an unknown look is the 404
 * 'Page Not Found: {path}'.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const segment = parseProductSegment(params.outfit);
  if (!segment) invalidPage(request);
  const store = storeRequest(context);
  const page = await loadOutfitPage(store, request, segment.id);
  if (!page) invalidPage(request);
  store.cachePage({ products: page.items.map((item) => item.product.id) });
  return page;
}

/**
 * "Add all to basket" without JavaScript: the look's chosen sizes (`variantId`, one per piece) in one call, then
 * the basket page with the last piece pointed out, as after a single add. With JavaScript the page calls
 * `addItemsToBasket` over the RPC channel instead.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const store = storeRequest(context);
  const form = await request.formData();
  const variantIds = form
    .getAll("variantId")
    .map((v) => Number(v))
    .filter(isRowId);
  if (form.get("intent") !== "add-many" || variantIds.length === 0) {
    return refused({ errorKey: "basket.error.choose_size" }, invalidForm("add-many"));
  }
  const result = await addItemsToBasket(store.ctx, await requestShopper(store, request), {
    items: variantIds.map((variantId) => ({ variantId, quantity: 1 })),
  });
  if (!result.ok) {
    return refused({ errorKey: failureAnswer(result).messageKey }, result);
  }
  const params = new URLSearchParams({ added: result.itemKeys.at(-1) ?? "" });
  params.set("continue", new URL(request.url).pathname);
  throw redirect(localizedPath(store.shop, `/cart/?${params}`));
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { seo } = loaderData;
  return [
    ...pageMeta(matches, {
      title: seo.title,
      description: seo.description,
      ...(seo.image ? { image: seo.image } : {}),
    }),
    { property: "og:url", content: seo.canonicalUrl },
  ];
};

export default function ShopTheLook(props: Route.ComponentProps) {
  // A new look starts with its own size choices.
  return <Look key={props.loaderData.outfit.id} {...props} />;
}

function Look({ loaderData, actionData }: Route.ComponentProps) {
  const { outfit, outfitsCategory, items } = loaderData;
  const t = useT();
  const { shop } = useStoreData();
  const [chosen, setChosen] = useState<Map<number, number | null>>(
    () => new Map(items.map((i) => [i.product.id, i.product.isSoldOut ? null : preselectedVariant(i.sizes)])),
  );
  const [missing, setMissing] = useState<Set<number>>(() => new Set());
  const [hydrated, setHydrated] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const basket = useAddToBasket();
  useEffect(() => setHydrated(true), []);

  const orderable = items.filter((i) => !i.product.isSoldOut);
  const total = outfitTotal(items, chosen);
  const totalText = formatMoney(total.current, shop);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const without = new Set(orderable.filter((i) => !chosen.get(i.product.id)).map((i) => i.product.id));
    setMissing(without);
    if (without.size > 0) {
      const first = orderable.find((i) => without.has(i.product.id));
      if (first) form.current?.querySelector<HTMLSelectElement>(`#size-${first.product.id}`)?.focus();
      return;
    }
    // The chosen sizes in one call: the added-to-basket modal shows the last piece added.
    await basket.addMany(orderable.map((i) => ({ variantId: chosen.get(i.product.id) as number, quantity: 1 })));
  }

  return (
    <main id="main" className="page outfit-page">
      <nav aria-label={t("product.breadcrumb")} className="breadcrumbs">
        <ol>
          {outfitsCategory ? (
            <li>
              <Link to={outfitsCategory.path}>{outfitsCategory.name}</Link>
            </li>
          ) : null}
          <li aria-current="page">{outfit.name}</li>
        </ol>
      </nav>
      <header className="outfit-page__header">
        <p className="outfit-page__kicker">{t("outfit.kicker")}</p>
        <h1 className="outfit-page__title">{outfit.name}</h1>
        {outfit.description ? <p className="outfit-page__description">{outfit.description}</p> : null}
      </header>
      <div className="outfit">
        <ul className="outfit__collage" aria-label={t("outfit.collage_label")}>
          {items.map((item, i) =>
            item.product.imageUrl ? (
              <li
                key={item.product.id}
                // An odd number of pieces: the first picture takes the whole first row.
                className={i === 0 && items.length % 2 === 1 ? "outfit__collage-item--wide" : undefined}
              >
                <img src={item.product.imageUrl} alt={item.product.name} width={300} height={400} />
              </li>
            ) : null,
          )}
        </ul>
        <form
          ref={form}
          className="outfit__form"
          method="post"
          noValidate={hydrated}
          onSubmit={onSubmit}
          onPointerEnter={prepareBasketAdd}
          onFocus={prepareBasketAdd}
        >
          <ul className="outfit__pieces">
            {items.map((item) => (
              <OutfitPiece
                key={item.product.id}
                item={item}
                selected={chosen.get(item.product.id) ?? null}
                missing={missing.has(item.product.id)}
                required={!item.product.isSoldOut}
                onSelect={(variantId) => {
                  setChosen((prev) => new Map(prev).set(item.product.id, variantId));
                  if (variantId !== null)
                    setMissing((prev) => {
                      const next = new Set(prev);
                      next.delete(item.product.id);
                      return next;
                    });
                }}
              />
            ))}
          </ul>
          <div className="outfit__summary">
            <p className="outfit__total">
              <span>{t("outfit.total")}</span>
              {/* Server and browser may group thousands differently (see ProductPrice): keep the server's text. */}
              <strong aria-live="polite" suppressHydrationWarning>
                {total.from ? t("product.price_from", { price: totalText }) : totalText}
              </strong>
            </p>
            {missing.size > 0 ? (
              <p className="outfit__error" role="alert">
                {t("outfit.sizes_missing", { count: missing.size })}
              </p>
            ) : null}
            <Button
              type="submit"
              name="intent"
              value="add-many"
              size="lg"
              uppercase
              fullWidth
              disabled={orderable.length === 0}
              loading={basket.pending}
            >
              {t("outfit.add_all")}
            </Button>
            {basket.errorKey || actionData?.errorKey ? (
              <p className="outfit__error" role="alert">
                {t(basket.errorKey ?? actionData?.errorKey ?? "")}
              </p>
            ) : null}
          </div>
          {basket.modal}
        </form>
      </div>
    </main>
  );
}
