import { findContentEntry } from "@vitrine/commerce";
import { ContentPage } from "../components/ContentPage.tsx";
import { loadContentPage } from "../content/pages.server.ts";
import type { ContentPageData } from "../content/resolved.ts";
import { pageMeta } from "../lib/meta.ts";
import { storeRequest } from "../lib/shop.server.ts";
import type { Route } from "./+types/home";

export const handle = { pageType: "home" };

/** The store's home page: the home content entry of the store's language (drafts in preview mode). */
export async function loader({ context }: Route.LoaderArgs): Promise<ContentPageData> {
  const store = storeRequest(context);
  const entry = await findContentEntry(store.ctx, store.shop.language, "home", "");
  const page = entry ? await loadContentPage(store, entry) : undefined;
  store.cachePage({ tags: ["home"] });
  // A shop without (published) home content still has a home page: an empty one, not an error.
  return (
    page ?? {
      title: "",
      seoTitle: "",
      description: "",
      pageType: "home",
      slug: "",
      blocks: [],
      preview: store.editorMode,
    }
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    ...(loaderData?.description ? { description: loaderData.description } : {}),
    ...(loaderData?.preview ? { robots: "noindex, nofollow" } : {}),
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  return <ContentPage page={loaderData} home />;
}
