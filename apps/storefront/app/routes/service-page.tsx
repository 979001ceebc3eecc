import { findContentEntry } from "@vitrine/commerce";
import { ContentPage } from "../components/ContentPage.tsx";
import { loadContentPage } from "../content/pages.server.ts";
import { invalidPage } from "../lib/errors.ts";
import { pageMeta } from "../lib/meta.ts";
import { storeRequest } from "../lib/shop.server.ts";
import type { Route } from "./+types/service-page";

export const handle = { pageType: "service" };

/** `/s/{slug}/`: a service page of the store's language; an unknown or unpublished one is an invalid page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const entry = await findContentEntry(store.ctx, store.shop.language, "service", params.slug);
  const page = entry ? await loadContentPage(store, entry) : undefined;
  if (!page) invalidPage(request);
  store.cachePage();
  return page;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta(matches, {
        title: loaderData.seoTitle,
        ...(loaderData.description ? { description: loaderData.description } : {}),
        ...(loaderData.preview ? { robots: "noindex, nofollow" } : {}),
      })
    : pageMeta(matches, {});

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  return <ContentPage page={loaderData} />;
}
