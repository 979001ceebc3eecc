import { findContentPage, lookupRedirect } from "@vitrine/commerce";
import { redirect } from "react-router";
import { ContentPage } from "../components/ContentPage.tsx";
import { loadContentPage } from "../content/pages.server.ts";
import { unknownRoute } from "../lib/errors.ts";
import { pageMeta } from "../lib/meta.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { localizedPath } from "../lib/store.ts";
import type { Route } from "./+types/catch-all";

// Content pages shown here have the page type service (specification section 2).
export const handle = { pageType: "service" };

/** A content page's slug: lower-case words joined by dashes, segments separated by slashes. */
const CONTENT_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/**
 * Any other path in a store: a content page (or a service page by its slug), then the redirect lookup, then
 * the 404 'Page not found'.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const path = `/${params["*"] ?? ""}`;
  const slug = path.replace(/^\/+|\/+$/g, "");
  if (CONTENT_SLUG.test(slug)) {
    const entry = await findContentPage(store.ctx, store.shop.language, slug);
    const page = entry ? await loadContentPage(store, entry) : undefined;
    if (page) {
      store.cachePage({ tags: [`content-${slug}`] });
      return page;
    }
  }
  const found = await lookupRedirect(store.ctx, store.shop.code, path);
  if (found) {
    const url = new URL(request.url);
    const target = /^https?:\/\//i.test(found.target)
      ? found.target
      : `${localizedPath(store.shop, found.target)}${found.target.includes("?") ? "" : url.search}`;
    throw redirect(target, found.statusCode);
  }
  unknownRoute(request);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta(matches, {
        title: loaderData.seoTitle,
        ...(loaderData.description ? { description: loaderData.description } : {}),
        ...(loaderData.preview ? { robots: "noindex, nofollow" } : {}),
      })
    : pageMeta(matches, {});

export default function CatchAll({ loaderData }: Route.ComponentProps) {
  return <ContentPage page={loaderData} />;
}
