import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useT } from "../i18n/i18n.tsx";
import { addRecentQuery, readRecentQueries, removeRecentQuery, writeRecentQueries } from "../lib/recent-queries.ts";
import { localizedPath } from "../lib/store.ts";
import { useStoreData } from "../lib/use-store.ts";
import type { SearchSuggestions } from "../routes/search.suggest.ts";
import type { SearchSuggestProps, SuggestHandlers } from "./SearchBox.tsx";

/** Typing pauses this long before suggestions are asked for. */
const DEBOUNCE_MS = 120;

type Option =
  | { kind: "recent" | "query"; text: string; parts?: [string, boolean][] }
  | { kind: "category"; href: string; label: string; count: number }
  | { kind: "product"; product: SearchSuggestions["products"][number] }
  | { kind: "all"; text: string; total: number };

/**
 * The search box's combobox (ARIA 1.2 pattern, focus stays in the input): recent queries while the field is
 * empty, otherwise query suggestions, category suggestions and instant products from
 * `/{store}/search/suggest/`. Arrow keys move through the options, Enter picks one (or searches the text),
 * Escape closes, Delete removes a recent query. Only the answer to the latest request is shown. Searching first
 * asks the standalone box's plan: a redirect trigger goes straight to its target.
 */
export default function SearchSuggest({ input, handlers, listId, onPopup }: SearchSuggestProps) {
  const t = useT();
  const { shop } = useStoreData();
  const navigate = useNavigate();
  const [text, setText] = useState(() => input.current?.value ?? "");
  const [answer, setAnswer] = useState<SearchSuggestions | null>(null);
  const [recent, setRecent] = useState(readRecentQueries);
  const [open, setOpen] = useState(() => document.activeElement === input.current);
  const [active, setActive] = useState(-1);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const suggestUrl = localizedPath(shop.code, "/search/suggest/");

  const query = text.trim();
  const current = answer && answer.q === query ? answer : null;
  const options: Option[] =
    query === ""
      ? recent.map((r) => ({ kind: "recent", text: r }))
      : current
        ? [
            ...current.completions.map((c) => ({ kind: "query" as const, text: c.text, parts: c.parts })),
            ...current.categories.map((c) => ({ kind: "category" as const, ...c })),
            ...current.products.map((product) => ({ kind: "product" as const, product })),
            ...(current.total > 0 ? [{ kind: "all" as const, text: query, total: current.total }] : []),
          ]
        : [];
  const shown = open && options.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;

  // The input (in SearchBox) carries aria-expanded and aria-activedescendant.
  const activeId = shown && active >= 0 ? optionId(active) : undefined;
  useEffect(() => {
    onPopup({ open: shown, ...(activeId ? { activeId } : {}) });
  }, [shown, activeId, onPopup]);
  useEffect(() => () => onPopup({ open: false }), [onPopup]);

  const ask = (value: string) => {
    clearTimeout(timer.current);
    const id = ++latest.current;
    if (value.trim() === "") return;
    timer.current = setTimeout(async () => {
      try {
        const response = await fetch(`${suggestUrl}?q=${encodeURIComponent(value.trim())}`);
        const body = (await response.json()) as SearchSuggestions;
        if (id === latest.current) setAnswer(body);
      } catch {
        // No suggestions this time; the form still searches.
      }
    }, DEBOUNCE_MS);
  };

  // The field may hold text typed while this part loaded.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on load.
  useEffect(() => {
    const value = input.current?.value ?? "";
    setText(value);
    if (value.trim() !== "") ask(value);
  }, []);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  /** Searches a text: the plan first (a redirect trigger wins), then the search page. */
  const search = async (value: string) => {
    const clean = value.trim();
    if (clean === "") return;
    const next = addRecentQuery(readRecentQueries(), clean);
    writeRecentQueries(next);
    setRecent(next);
    close();
    let target: string | null = null;
    try {
      const response = await fetch(`${suggestUrl}?plan=1&q=${encodeURIComponent(clean)}`);
      target = ((await response.json()) as { redirect: string | null }).redirect;
    } catch {
      target = null;
    }
    if (target && /^https?:\/\//i.test(target)) window.location.assign(target);
    else navigate(target ?? localizedPath(shop.code, `/search/?searchTerm=${encodeURIComponent(clean)}`));
  };

  const pick = (option: Option) => {
    if (option.kind === "category") {
      close();
      navigate(localizedPath(shop.code, option.href));
    } else if (option.kind === "product") {
      close();
      navigate(localizedPath(shop.code, option.product.href));
    } else {
      if (input.current) input.current.value = option.text;
      setText(option.text);
      void search(option.text);
    }
  };

  const latestHandlers: SuggestHandlers = {
    focus() {
      setOpen(true);
    },
    // Options keep the focus in the input (mouse down is cancelled), so a blur means the shopper left the box.
    blur() {
      close();
    },
    input(value) {
      setText(value);
      setOpen(true);
      setActive(-1);
      ask(value);
    },
    keyDown(event) {
      const count = options.length;
      switch (event.key) {
        case "ArrowDown":
        case "ArrowUp": {
          event.preventDefault();
          setOpen(true);
          if (count === 0) return;
          const step = event.key === "ArrowDown" ? 1 : -1;
          setActive((a) => (a < 0 ? (step === 1 ? 0 : count - 1) : (a + step + count) % count));
          return;
        }
        case "Enter": {
          const option = shown && active >= 0 ? options[active] : undefined;
          if (option) {
            event.preventDefault();
            pick(option);
          }
          return;
        }
        case "Escape":
          if (shown) {
            event.preventDefault();
            close();
          }
          return;
        case "Delete": {
          const option = shown && active >= 0 ? options[active] : undefined;
          if (option?.kind === "recent") {
            event.preventDefault();
            removeRecent(option.text);
          }
          return;
        }
        case "Tab":
          close();
          return;
      }
    },
    submit(event) {
      event.preventDefault();
      void search(input.current?.value ?? text);
    },
  };
  // Handed over after each commit: a render React throws away must not answer the input's events.
  useLayoutEffect(() => {
    handlers.current = latestHandlers;
  });

  const removeRecent = (query: string) => {
    const next = removeRecentQuery(recent, query);
    writeRecentQueries(next);
    setRecent(next);
    setActive(-1);
    input.current?.focus();
  };

  const groups: { key: string; title: string; from: number; to: number }[] = [];
  const group = (key: string, title: string, kinds: Option["kind"][]) => {
    const from = options.findIndex((o) => kinds.includes(o.kind));
    if (from < 0) return;
    let to = from;
    while (to < options.length && kinds.includes((options[to] as Option).kind)) to++;
    groups.push({ key, title, from, to });
  };
  group("recent", t("search.recent"), ["recent"]);
  group("queries", t("search.queries"), ["query"]);
  group("categories", t("search.categories"), ["category"]);
  group("products", t("search.products"), ["product", "all"]);

  const render = (option: Option, i: number): ReactNode => {
    const props = {
      id: optionId(i),
      role: "option",
      "aria-selected": i === active,
      className: `suggest__option suggest__option--${option.kind}${i === active ? " is-active" : ""}`,
      // Keep the focus in the input: the option is picked on click.
      onMouseDown: (event: { preventDefault(): void }) => event.preventDefault(),
      onClick: () => pick(option),
    } as const;
    switch (option.kind) {
      case "recent":
        return (
          <div key={`r${option.text}`} {...props}>
            <span className="suggest__text">{option.text}</span>
            <span
              className="suggest__remove"
              aria-hidden="true"
              title={t("search.remove_recent", { query: option.text })}
              onClick={(event) => {
                event.stopPropagation();
                removeRecent(option.text);
              }}
            >
              ×
            </span>
          </div>
        );
      case "query":
        return (
          <div key={`q${option.text}`} {...props}>
            <span className="suggest__text">
              {(option.parts ?? [[option.text, false]]).map(([part, typed], p) =>
                typed ? <span key={p}>{part}</span> : <strong key={p}>{part}</strong>,
              )}
            </span>
          </div>
        );
      case "category":
        return (
          <div key={`c${option.href}`} {...props}>
            {option.label} <span className="suggest__count">{option.count}</span>
          </div>
        );
      case "product": {
        const p = option.product;
        return (
          <div key={`p${p.id}`} {...props}>
            {p.image ? (
              <img src={p.image} alt="" width={48} height={64} loading="lazy" />
            ) : (
              <span className="suggest__noimage" />
            )}
            <span className="suggest__product">
              <span className="suggest__brand">{p.brand}</span>
              <span className="suggest__name">{p.name}</span>
              <span className={`suggest__price${p.oldPrice ? " is-sale" : ""}`}>
                {p.price}
                {p.oldPrice ? <s>{p.oldPrice}</s> : null}
              </span>
            </span>
          </div>
        );
      }
      case "all":
        return (
          <div key="all" {...props}>
            {t("search.show_all", { count: option.total, query: option.text })}
          </div>
        );
    }
  };

  return (
    <>
      <p className="visually-hidden" role="status">
        {shown ? t("search.options_count", { count: options.length }) : ""}
      </p>
      <div className="suggest" hidden={!shown}>
        <div id={listId} role="listbox" aria-label={t("search.suggestions_label")}>
          {groups.map((g) => (
            // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group, not <fieldset>.
            <div
              key={g.key}
              role="group"
              aria-label={g.key === "recent" ? `${g.title} (${t("search.remove_hint")})` : g.title}
              className={`suggest__group suggest__group--${g.key}`}
            >
              <p className="suggest__title" aria-hidden="true">
                {g.title}
              </p>
              {options.slice(g.from, g.to).map((o, k) => render(o, g.from + k))}
            </div>
          ))}
        </div>
      </div>
    </>
  );
}
