import { findContentEntry, shopSettings } from "@vitrine/commerce";
import { ContentPage } from "../components/ContentPage.tsx";
import { HelpSearchForm } from "../components/help/HelpSearchForm.tsx";
import { Link } from "../components/Link.tsx";
import { loadContentPage } from "../content/pages.server.ts";
import { useT } from "../i18n/i18n.tsx";
import { invalidPage } from "../lib/errors.ts";
import { helpArticleTopic } from "../lib/help.server.ts";
import { helpSearchHref } from "../lib/help.ts";
import { pageMeta } from "../lib/meta.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { useStoreData } from "../lib/use-store.ts";
import "../styles/help.css";
import type { Route } from "./+types/service-page";

export const handle = { pageType: "service" };

/** `/s/{slug}/`: a service page of the store's language; an unknown or unpublished one is an invalid page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const entry = await findContentEntry(store.ctx, store.shop.language, "service", params.slug);
  const page = entry ? await loadContentPage(store, entry) : undefined;
  if (!page) invalidPage(request);
  store.cachePage({ tags: [`content-${params.slug}`] });
  // The imprint adds the shop's legal details as the owner set them (shop settings), where any are set.
  const legal = entry?.pageKey === "imprint" ? (await shopSettings(store.ctx)).legal : null;
  return {
    ...page,
    helpTopic: helpArticleTopic(store, entry?.pageKey ?? null),
    legal: legal && Object.values(legal).some((v) => v !== "") ? legal : null,
  };
}

const LEGAL_FIELDS = ["company", "address", "managingDirector", "register", "vatId", "contact"] as const;

/** The legal details of the imprint (shop settings): the fields the owner filled in. */
function LegalDetails({ legal }: { legal: Record<(typeof LEGAL_FIELDS)[number], string> }) {
  const t = useT();
  return (
    <section className="legal-details" aria-labelledby="legal-details-title">
      <h2 id="legal-details-title">{t("common.legal.title")}</h2>
      <dl>
        {LEGAL_FIELDS.filter((f) => legal[f] !== "").map((f) => (
          <div key={f}>
            <dt>{t(`common.legal.${f}`)}</dt>
            <dd>{legal[f]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
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
  const t = useT();
  const { shop } = useStoreData();
  const topic = loaderData.helpTopic;
  if (!topic)
    return (
      <ContentPage page={loaderData} after={loaderData.legal ? <LegalDetails legal={loaderData.legal} /> : null} />
    );
  // A help-centre article: its place in the help centre above, the help search below.
  return (
    <ContentPage
      page={loaderData}
      before={
        <nav aria-label={t("help.breadcrumb_label")} className="help-breadcrumb">
          <ol>
            <li>
              <Link to="/help/">{t("help.centre_title")}</Link>
            </li>
            <li>
              <a href={helpSearchHref(shop.code, { q: "", category: topic.label })}>{topic.label}</a>
            </li>
          </ol>
        </nav>
      }
      after={
        <div className="help-article__search">
          <HelpSearchForm id="help-article-search" />
        </div>
      }
    />
  );
}
