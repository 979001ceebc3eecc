import { type FormEvent, type KeyboardEvent, lazy, type RefObject, Suspense, useRef, useState } from "react";
import { Form, useLocation, useSearchParams } from "react-router";
import { useT } from "../i18n/i18n.tsx";
import { localizedPath } from "../lib/store.ts";
import { useStoreData } from "../lib/use-store.ts";
import { SearchIcon } from "./icons/ui.tsx";
import "../styles/search-box.css";

/** What the suggestions part (loaded on first use) answers for the input's events. */
export interface SuggestHandlers {
  focus(): void;
  blur(): void;
  input(value: string): void;
  keyDown(event: KeyboardEvent<HTMLInputElement>): void;
  submit(event: FormEvent<HTMLFormElement>): void;
}

export interface SuggestPopupState {
  open: boolean;
  activeId?: string;
}

export interface SearchSuggestProps {
  input: RefObject<HTMLInputElement | null>;
  handlers: RefObject<SuggestHandlers | null>;
  listId: string;
  onPopup(state: SuggestPopupState): void;
}

const SearchSuggest = lazy(() => import("./SearchSuggest.tsx"));

/**
 * The header's search box: a GET form to `/search/?searchTerm=…` that works without JavaScript. The combobox
 * behaviour (query suggestions, instant products, category suggestions, recent queries, keyboard navigation)
 * lives in `SearchSuggest.tsx`, loaded when the shopper first points at or focuses the field, so pages do not
 * carry it on their first load.
 */
export function SearchBox({ id = "header-search" }: { id?: string }) {
  const t = useT();
  const { shop } = useStoreData();
  const [params] = useSearchParams();
  // The help centre's pages use `q` for their own question: the product search box stays empty there.
  const onHelpPage = /^\/[^/]+\/help\//.test(useLocation().pathname);
  const term = onHelpPage ? "" : (params.get("q") ?? params.get("searchTerm") ?? "");
  const input = useRef<HTMLInputElement>(null);
  const handlers = useRef<SuggestHandlers | null>(null);
  const [wanted, setWanted] = useState(false);
  const [popup, setPopup] = useState<SuggestPopupState>({ open: false });
  const listId = `${id}-suggestions`;
  const want = () => setWanted(true);
  return (
    <search className="search-box">
      <Form
        method="get"
        action={localizedPath(shop.code, "/search/")}
        className="search-box__form"
        onSubmit={(event) => handlers.current?.submit(event)}
      >
        <label className="visually-hidden" htmlFor={id}>
          {t("search.box_label")}
        </label>
        <input
          ref={input}
          key={term}
          id={id}
          className="search-box__input"
          name="searchTerm"
          type="search"
          defaultValue={term}
          placeholder={t("search.box_placeholder")}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={popup.open}
          aria-controls={popup.open ? listId : undefined}
          aria-activedescendant={popup.open ? popup.activeId : undefined}
          onFocus={() => {
            want();
            handlers.current?.focus();
          }}
          onBlur={() => handlers.current?.blur()}
          onPointerEnter={want}
          onInput={(event) => handlers.current?.input(event.currentTarget.value)}
          onKeyDown={(event) => handlers.current?.keyDown(event)}
        />
        <button type="submit" className="search-box__submit">
          <SearchIcon size={20} />
          <span className="visually-hidden">{t("search.box_submit")}</span>
        </button>
        {wanted ? (
          <Suspense fallback={null}>
            <SearchSuggest input={input} handlers={handlers} listId={listId} onPopup={setPopup} />
          </Suspense>
        ) : null}
      </Form>
    </search>
  );
}
