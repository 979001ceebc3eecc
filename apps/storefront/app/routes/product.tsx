import { isDeletedProduct } from "@vitrine/commerce";
import { parseProductSegment } from "@vitrine/commerce/slug";
import { useEffect } from "react";
import { HydrateLater } from "../components/hydrate-later.tsx";
import { Link } from "../components/Link.tsx";
import { ColourSwatches } from "../components/product/ColourSwatches.tsx";
import { ProductBadges } from "../components/product/ProductBadges.tsx";
import { ProductGallery } from "../components/product/ProductGallery.tsx";
import { ProductPurchaseForm } from "../components/product/ProductPurchaseForm.tsx";
import { RecommendationSlider } from "../components/RecommendationSlider.tsx";
import { useT } from "../i18n/i18n.tsx";
import { invalidPage } from "../lib/errors.ts";
import { pageMeta } from "../lib/meta.ts";
import { loadProductPage } from "../lib/product-page.server.ts";
import { SIZE_CHART_ID } from "../lib/product-page.ts";
import { notFoundProducts } from "../lib/search.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import type { Route } from "./+types/product";
import "../styles/product.css";
import { statisticsAllowed } from "../lib/consent.ts";

export const handle = { pageType: "product_detail" };

/**
 * `/p/{productName}-{id}/`: the id is the last dash-number; a wrong or outdated name redirects permanently to
 * the canonical path (keeping the query); an unknown id, or a product this store does not sell, is the 404
 * 'Page Not Found: {path}'; a product deleted in the back office answers the same page with 410 Gone.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const segment = parseProductSegment(params.product);
  const store = storeRequest(context);
  if (!segment) invalidPage(request, await notFoundProducts(store, request));
  const page = await loadProductPage(store, request, segment.id);
  if (!page) {
    const gone = await isDeletedProduct(store.ctx, segment.id);
    invalidPage(request, await notFoundProducts(store, request), gone);
  }
  // Its colours' tiles show their own products; the sliders may lag behind by up to the cache's time to live.
  store.cachePage({ products: [page.product.id, ...page.product.colours.map((c) => c.productId)] });
  return page;
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
    ...seo.structuredData.map((data) => ({ "script:ld+json": data })),
  ];
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, promotion, breadcrumbs, delivery, similar, completeTheLook, looks, tracking, viewed } = loaderData;
  const t = useT();

  // The view is reported after the page is interactive: the event client is not needed to show or use the page.
  useEffect(() => {
    if (!statisticsAllowed()) return;
    void import("../lib/tracking.ts").then(({ trackProductView }) => trackProductView(tracking, viewed));
  }, [tracking, viewed]);

  return (
    <main id="main" className="page product-page" key={product.id}>
      {breadcrumbs.length > 0 ? (
        <nav aria-label={t("product.breadcrumb")} className="breadcrumbs">
          <ol>
            {breadcrumbs.map((b) => (
              <li key={b.path}>
                <Link to={b.path}>{b.name}</Link>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className="product">
        {/* The gallery and the product's information hydrate in tasks of their own (components/hydrate-later.tsx). */}
        <HydrateLater>
          <ProductGallery images={product.images} name={product.name} />
        </HydrateLater>
        <HydrateLater>
          <div className="product__info">
            <ProductBadges
              isNew={product.isNew}
              isSoldOut={product.isSoldOut}
              freeTextBadge={product.freeTextBadge}
              promotion={promotion}
            />
            <p className="product__brand">{product.brand}</p>
            <h1 className="product__name" lang={product.nameLang}>
              {product.name}
            </h1>
            {product.shortDescription ? (
              <p className="product__short" lang={product.nameLang}>
                {product.shortDescription}
              </p>
            ) : null}
            <ProductPurchaseForm
              productId={product.id}
              path={product.path}
              isSoldOut={product.isSoldOut}
              price={product.price}
              sizes={product.sizes}
              delivery={delivery}
              sizeChartId={product.hasSizeChart ? SIZE_CHART_ID : undefined}
            >
              <ColourSwatches colours={product.colours} current={product.colourLabel} />
            </ProductPurchaseForm>
            {looks.length > 0 ? (
              <ul className="product__looks">
                {looks.map((look) => (
                  <li key={look.id}>
                    <Link to={look.path}>{t("product.shop_the_look", { name: look.name })}</Link>
                  </li>
                ))}
              </ul>
            ) : null}
            {/* Rendered on the server only (ProductDetails): nothing in it needs JavaScript. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: React's own markup, rendered by the loader. */}
            <div className="product-details" dangerouslySetInnerHTML={{ __html: product.detailsHtml }} />
          </div>
        </HydrateLater>
      </div>
      <RecommendationSlider slot={completeTheLook} tracking={tracking} />
      <RecommendationSlider slot={similar} tracking={tracking} />
    </main>
  );
}
