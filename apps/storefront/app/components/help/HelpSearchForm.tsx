import { useEffect } from "react";
import { Form } from "react-router";
import { useT } from "../../i18n/i18n.tsx";
import { localizedPath } from "../../lib/store.ts";
import { useStoreData } from "../../lib/use-store.ts";
import { SearchIcon } from "../icons/ui.tsx";
import { markHelpPagesHydrated } from "./HelpAnswer.tsx";

/** The help centre's search form: a GET form to the help search page that works without JavaScript. */
export function HelpSearchForm({ query = "", id = "help-search" }: { query?: string; id?: string }) {
  const t = useT();
  const { shop } = useStoreData();
  useEffect(markHelpPagesHydrated, []);
  return (
    <search className="help-search">
      <Form method="get" action={localizedPath(shop.code, "/help/search/")} className="help-search__form">
        <label className="help-search__label" htmlFor={id}>
          {t("help.search_label")}
        </label>
        <div className="help-search__row">
          <input
            id={id}
            className="help-search__input"
            type="search"
            name="q"
            defaultValue={query}
            placeholder={t("help.search_placeholder")}
            maxLength={200}
            autoComplete="off"
            required
          />
          <button type="submit" className="help-search__submit">
            <SearchIcon size={20} />
            <span>{t("help.search_submit")}</span>
          </button>
        </div>
      </Form>
    </search>
  );
}
