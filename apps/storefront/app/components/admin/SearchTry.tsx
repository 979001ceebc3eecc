import { SHOPS } from "@vitrine/commerce/shops";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import type { TriedAnswer, TryOutcome } from "../../lib/admin/search.server.ts";

/**
 * The "try it" panel of the rules and synonyms screens: a store and a query sent with the editor's form (its
 * "Try it" button), and the shop's answer now beside the answer with the unsaved change. Nothing is saved.
 */
export function TryFields({ store, query }: { store: string; query: string }) {
  const t = useAdminT();
  return (
    <fieldset className="admin-try__fields">
      <legend>{t("admin.search.try.title")}</legend>
      <p className="admin-hint">{t("admin.search.try.intro")}</p>
      <div className="admin-form admin-form--row">
        <label className="admin-field">
          <span>{t("admin.search.field.try_store")}</span>
          <select name="tryStore" defaultValue={store}>
            {SHOPS.map((s) => (
              <option key={s.code} value={s.code}>
                {s.label} ({s.code}, {s.language})
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field admin-field--wide">
          <span>{t("admin.search.field.try_query")}</span>
          <input type="search" name="tryQuery" defaultValue={query} maxLength={200} />
        </label>
        <button type="submit" name="intent" value="try" className="admin-button admin-button--secondary">
          {t("admin.search.try.button")}
        </button>
      </div>
    </fieldset>
  );
}

function Answer({ title, answer }: { title: string; answer: TriedAnswer }) {
  const t = useAdminT();
  return (
    <div className="admin-try__answer">
      <h3>{title}</h3>
      <p className="admin-try__total">{t("admin.search.try.total", { count: answer.total })}</p>
      {answer.correctedQuery ? <p>{t("admin.search.try.corrected", { query: answer.correctedQuery })}</p> : null}
      {answer.triggers.length > 0 ? (
        <ul className="admin-list">
          {answer.triggers.map((trigger) => (
            <li key={`${trigger.type}:${trigger.content}`}>
              {`${t(`admin.search.kind.${trigger.type}`)}: `}
              <code>{trigger.content}</code>
            </li>
          ))}
        </ul>
      ) : null}
      {answer.products.length > 0 ? (
        <ol className="admin-try__products">
          {answer.products.map((p) => (
            <li key={p.id}>
              {p.name} <span className="admin-cell-sub">{`${p.brand} · ${p.id}`}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="admin-cell-sub">{t("admin.search.try.nothing")}</p>
      )}
    </div>
  );
}

export function TryResult({ outcome }: { outcome: TryOutcome }) {
  const t = useAdminT();
  return (
    <section aria-labelledby="try-result-heading" className="admin-section admin-try" aria-live="polite">
      <h2 id="try-result-heading">{t("admin.search.try.result", { query: outcome.query, store: outcome.store })}</h2>
      <div className="admin-try__columns">
        <Answer title={t("admin.search.try.before")} answer={outcome.before} />
        <Answer title={t("admin.search.try.after")} answer={outcome.after} />
      </div>
    </section>
  );
}
