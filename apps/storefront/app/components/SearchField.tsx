import { Form, useSearchParams } from "react-router";
import { useT } from "../i18n/i18n.tsx";
import { localizedPath } from "../lib/store.ts";
import { useStoreData } from "../lib/use-store.ts";
import { SearchIcon } from "./icons/ui.tsx";

/**
 * The header's search field: a GET form to `/search/?searchTerm=…` that works without JavaScript (with it, a
 * client navigation). Shows the current search term on the search page.
 */
export function SearchField({ id = "header-search" }: { id?: string }) {
  const t = useT();
  const { shop } = useStoreData();
  const [params] = useSearchParams();
  const term = params.get("searchTerm") ?? "";
  return (
    <search className="search-field">
      <Form method="get" action={localizedPath(shop.code, "/search/")} className="search-field__form">
        <label className="visually-hidden" htmlFor={id}>
          {t("shell.search_label")}
        </label>
        <input
          key={term}
          id={id}
          className="search-field__input"
          name="searchTerm"
          type="search"
          defaultValue={term}
          placeholder={t("shell.search_placeholder")}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
        />
        <button type="submit" className="search-field__submit">
          <SearchIcon size={20} />
          <span className="visually-hidden">{t("shell.search_submit")}</span>
        </button>
      </Form>
    </search>
  );
}
