import { HelpAnswer } from "../components/help/HelpAnswer.tsx";
import { HelpSearchForm } from "../components/help/HelpSearchForm.tsx";
import { Link } from "../components/Link.tsx";
import { useT } from "../i18n/i18n.tsx";
import { HELP_QUERY_PARAM, helpAnswer, helpTopics } from "../lib/help.server.ts";
import { helpSearchHref } from "../lib/help.ts";
import { metaTranslator, pageMeta } from "../lib/meta.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { useStoreData } from "../lib/use-store.ts";
import type { Route } from "./+types/help";
import "../styles/help.css";

export const handle = { pageType: "service" };

/**
 * `/{store}/help/`: the help centre. A question box (its answer shows here, streamed in; the full results are
 * on the help search page) and the topics with their articles (`/{store}/s/{slug}/`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const url = new URL(request.url);
  const query = (url.searchParams.get(HELP_QUERY_PARAM) ?? "").trim().slice(0, 200);
  const [topics, answer] = await Promise.all([helpTopics(store), query ? helpAnswer(store, query) : null]);
  if (!query) store.cachePage({ tags: ["help"] });
  return { topics, query, answer };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches.filter((m) => m !== undefined));
  return pageMeta(matches, t ? { title: t("help.centre_title"), description: t("help.centre_intro") } : {});
};

export default function HelpCentre({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { shop } = useStoreData();
  const { topics, query, answer } = loaderData;
  return (
    <main id="main" className="help-page">
      <header className="help-page__header">
        <h1 className="help-page__title">{t("help.centre_title")}</h1>
        <p className="help-page__intro">{t("help.centre_intro")}</p>
        <HelpSearchForm query={query} />
      </header>
      {answer ? (
        <div className="help-page__answer">
          <HelpAnswer key={answer.query} answer={answer} storePrefix={`/${shop.code}`} />
          <p>
            <a href={helpSearchHref(shop.code, { q: query })}>{t("help.all_results", { query })}</a>
          </p>
        </div>
      ) : null}
      <section className="help-topics" aria-labelledby="help-topics-heading">
        <h2 id="help-topics-heading" className="help-topics__heading">
          {t("help.topics_heading")}
        </h2>
        <div className="help-topics__grid">
          {topics.map((topic) => (
            <section key={topic.id} className="help-topic" aria-labelledby={`help-topic-${topic.id}`}>
              <h3 id={`help-topic-${topic.id}`} className="help-topic__title">
                <a href={helpSearchHref(shop.code, { q: "", category: topic.label })}>{topic.label}</a>
              </h3>
              <ul className="help-topic__articles">
                {topic.articles.map((article) => (
                  <li key={article.path}>
                    <Link to={article.path}>{article.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </section>
    </main>
  );
}
