import type { ReactNode } from "react";
import type { ContentPageData } from "../content/resolved.ts";
import { useT } from "../i18n/i18n.tsx";
import { Blocks } from "./blocks/Blocks.tsx";

/**
 * A page made of content blocks: the home page (its heading for screen readers only, the hero speaks for
 * itself) and service and content pages (a visible heading). In preview mode a notice says drafts are shown.
 */
export function ContentPage({
  page,
  home = false,
  before,
  after,
}: {
  page: Omit<ContentPageData, "description">;
  home?: boolean;
  /** Shown above the heading (a help article's breadcrumb) and after the blocks. */
  before?: ReactNode;
  after?: ReactNode;
}) {
  const t = useT();
  return (
    <main id="main" className={`content-page content-page--${home ? "home" : page.pageType}`}>
      {page.preview ? (
        <p className="content-preview" role="status">
          {t("content.preview_notice")}
        </p>
      ) : null}
      {before}
      <h1 className={home ? "visually-hidden" : "content-page__title"}>{page.title || t("common.shop_name")}</h1>
      <Blocks blocks={page.blocks} />
      {after}
    </main>
  );
}
