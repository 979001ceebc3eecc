import {
  type AttributeValueUse,
  addVocabularyValue,
  attributeValuesInUse,
  type DomainFailure,
  loadVocabulary,
  saveAttributeDefinition,
  setAttributeValueLabels,
  updateVocabularyValue,
  type VocabularyResult,
} from "@vitrine/commerce";
import { LANGUAGES, type Language } from "@vitrine/commerce/shops";
import {
  ATTRIBUTE_VALUE_TYPES,
  type AttributeDefinition,
  type AttributeValueType,
  VOCABULARY_KINDS,
  type VocabularyKind,
  type VocabularyValue,
} from "@vitrine/commerce/vocabulary";
import { Link, useActionData } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff, staffCtx } from "../../lib/admin/staff.server.ts";
import { invalidForm, refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/vocabulary";
import "../../styles/admin-orders.css";

/**
 * The catalogue's vocabulary (owners and merchandisers): product types, colours, materials, fits, patterns, care
 * symbols with their labels per language (and a colour's hex), and the merchant's attributes with their filter
 * and search flags. Every change is audited and reaches every shop process through the event feed.
 */

type Shown = VocabularyKind | "attributes";
const SHOWN: readonly Shown[] = [...VOCABULARY_KINDS, "attributes"];

function shownOf(url: string): Shown {
  const kind = new URL(url).searchParams.get("kind");
  return SHOWN.includes(kind as Shown) ? (kind as Shown) : "productType";
}

/** A text attribute's values as the screen lists them: in use (most used first), then labelled ones no product has. */
export interface ValueLabelRow extends AttributeValueUse {
  labels: Partial<Record<Language, string>>;
}

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { area: "vocabulary" });
  const shown = shownOf(args.request.url);
  const ctx = staffCtx(args);
  const vocabulary = await loadVocabulary(ctx);
  // ?kind=attributes&attribute=KEY: the values of one text attribute, to label them.
  const key = new URL(args.request.url).searchParams.get("attribute");
  const opened = shown === "attributes" && key ? vocabulary.attribute(key) : undefined;
  let valueRows: ValueLabelRow[] = [];
  if (opened?.valueType === "text") {
    const labels = opened.valueLabels ?? {};
    const used = await attributeValuesInUse(ctx, opened.key);
    const listed = new Set(used.map((u) => u.value));
    valueRows = [
      ...used.map((u) => ({ ...u, labels: labels[u.value] ?? {} })),
      ...Object.entries(labels)
        .filter(([value]) => !listed.has(value))
        .map(([value, l]) => ({ value, products: 0, labels: l })),
    ];
  }
  return {
    shown,
    values: shown === "attributes" ? [] : vocabulary.values(shown),
    attributes: shown === "attributes" ? vocabulary.attributes() : [],
    opened: opened?.valueType === "text" ? opened : undefined,
    valueRows,
  };
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

function labelsOf(form: FormData): Partial<Record<Language, string>> {
  const labels: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    const value = field(form, `label_${language}`);
    if (value !== undefined) labels[language] = value;
  }
  return labels;
}

function answer<T>(intent: string, id: string, result: VocabularyResult<T>) {
  if (!result.ok) return refused({ intent, id, error: result.error, detail: result.detail }, result as DomainFailure);
  return { intent, id, ok: true as const, changed: result.changed };
}

export async function action(args: Route.ActionArgs) {
  const { actor, ctx } = await requireStaff(args, { area: "vocabulary" });
  const form = await args.request.formData();
  const intent = field(form, "intent") ?? "";
  const kind = field(form, "kind") as VocabularyKind | undefined;
  const id = field(form, "id") ?? "";
  if ((intent === "save" || intent === "add") && kind && VOCABULARY_KINDS.includes(kind)) {
    const hex = field(form, "hex");
    if (intent === "add") {
      return answer(
        intent,
        id,
        await addVocabularyValue(ctx, actor, { kind, id, labels: labelsOf(form), hex: hex ?? null }),
      );
    }
    return answer(
      intent,
      id,
      await updateVocabularyValue(ctx, actor, kind, id, {
        labels: labelsOf(form),
        ...(hex !== undefined ? { hex } : {}),
      }),
    );
  }
  if (intent === "value-label") {
    const value = field(form, "value") ?? "";
    return answer(intent, value, await setAttributeValueLabels(ctx, actor, id, value, labelsOf(form)));
  }
  if (intent === "attribute" || intent === "add-attribute") {
    const type = field(form, "valueType");
    const result = await saveAttributeDefinition(ctx, actor, {
      key: id,
      labels: labelsOf(form),
      ...(type && ATTRIBUTE_VALUE_TYPES.includes(type as AttributeValueType)
        ? { valueType: type as AttributeValueType }
        : {}),
      // Check boxes send nothing when unticked: the row's form says it carries them.
      ...(field(form, "flags") === "1"
        ? { facetable: form.get("facetable") === "on", searchable: form.get("searchable") === "on" }
        : {}),
    });
    return answer(intent === "attribute" ? "save" : "add", id, result);
  }
  return refused({ intent, id, error: "unknown_intent", detail: "" }, invalidForm(intent));
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.nav.vocabulary");

type Answer =
  | { intent: string; id: string; ok: true; changed: boolean }
  | { intent: string; id: string; ok?: undefined; error: string; detail: string };

const LANGUAGE_NAMES = {
  de: "admin.vocabulary.col.label_de",
  fr: "admin.vocabulary.col.label_fr",
  en: "admin.vocabulary.col.label_en",
};

/** A table's column headers for the three languages' labels. */
function LanguageHeaders() {
  const t = useAdminT();
  return (
    <>
      {LANGUAGES.map((language) => (
        <th scope="col" key={language}>
          {t(LANGUAGE_NAMES[language])}
        </th>
      ))}
    </>
  );
}

/** An adding form's label fields, one per language. */
function NewLabelFields() {
  const t = useAdminT();
  return (
    <>
      {LANGUAGES.map((language) => (
        <label className="admin-field" key={language}>
          <span>{t(LANGUAGE_NAMES[language])}</span>
          <input type="text" name={`label_${language}`} lang={language} maxLength={80} />
        </label>
      ))}
    </>
  );
}

function LabelInputs({
  formId,
  id,
  labels,
}: {
  formId: string;
  id: string;
  labels: Partial<Record<Language, string>>;
}) {
  const t = useAdminT();
  return (
    <>
      {LANGUAGES.map((language) => (
        <td key={language}>
          <input
            form={formId}
            type="text"
            name={`label_${language}`}
            lang={language}
            maxLength={80}
            defaultValue={labels[language] ?? ""}
            aria-label={t("admin.vocabulary.label_of", { language: t(LANGUAGE_NAMES[language]), id })}
            className="admin-vocabulary__label"
          />
        </td>
      ))}
    </>
  );
}

function ValueRow({ value }: { value: VocabularyValue }) {
  const t = useAdminT();
  const formId = `value-${value.kind}-${value.id}`;
  return (
    <tr data-vocabulary-id={value.id}>
      <th scope="row">
        <code>{value.id}</code>
      </th>
      <LabelInputs formId={formId} id={value.id} labels={value.labels} />
      {value.kind === "colour" ? (
        <td>
          <span
            className="admin-vocabulary__swatch"
            style={{ background: value.hex ?? "#999999" }}
            aria-hidden="true"
          />
          <input
            form={formId}
            type="text"
            name="hex"
            required
            pattern="#[0-9a-fA-F]{6}"
            size={8}
            defaultValue={value.hex ?? ""}
            aria-label={t("admin.vocabulary.hex_of", { id: value.id })}
          />
        </td>
      ) : null}
      <td>
        <AdminForm id={formId} className="admin-inline-form">
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="kind" value={value.kind} />
          <input type="hidden" name="id" value={value.id} />
          <button
            type="submit"
            className="admin-button admin-button--small"
            aria-label={t("admin.vocabulary.save_of", { id: value.id })}
          >
            {t("admin.vocabulary.save")}
          </button>
        </AdminForm>
      </td>
    </tr>
  );
}

function AttributeRow({ attribute }: { attribute: AttributeDefinition }) {
  const t = useAdminT();
  const formId = `attribute-${attribute.key}`;
  return (
    <tr data-vocabulary-id={attribute.key}>
      <th scope="row">
        <code>{attribute.key}</code>
      </th>
      <LabelInputs formId={formId} id={attribute.key} labels={attribute.labels} />
      <td>
        <select
          form={formId}
          name="valueType"
          defaultValue={attribute.valueType}
          aria-label={t("admin.vocabulary.type_of", { id: attribute.key })}
        >
          {ATTRIBUTE_VALUE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`admin.vocabulary.type.${type}`)}
            </option>
          ))}
        </select>
      </td>
      <td>
        <input
          form={formId}
          type="checkbox"
          name="facetable"
          defaultChecked={attribute.facetable}
          aria-label={t("admin.vocabulary.facetable_of", { id: attribute.key })}
        />
      </td>
      <td>
        <input
          form={formId}
          type="checkbox"
          name="searchable"
          defaultChecked={attribute.searchable}
          aria-label={t("admin.vocabulary.searchable_of", { id: attribute.key })}
        />
      </td>
      <td>
        <AdminForm id={formId} className="admin-inline-form">
          <input type="hidden" name="intent" value="attribute" />
          <input type="hidden" name="flags" value="1" />
          <input type="hidden" name="id" value={attribute.key} />
          <button
            type="submit"
            className="admin-button admin-button--small"
            aria-label={t("admin.vocabulary.save_of", { id: attribute.key })}
          >
            {t("admin.vocabulary.save")}
          </button>
        </AdminForm>
        {attribute.valueType === "text" ? (
          <Link
            to={`/admin/vocabulary/?kind=attributes&attribute=${encodeURIComponent(attribute.key)}#attribute-values-heading`}
            className="admin-vocabulary__values-link"
          >
            {t("admin.vocabulary.values", { count: Object.keys(attribute.valueLabels ?? {}).length })}
            <span className="admin-visually-hidden">{t("admin.vocabulary.values_of", { id: attribute.key })}</span>
          </Link>
        ) : null}
      </td>
    </tr>
  );
}

/** One value of a text attribute: how many products hold it, its labels, a save button. */
function ValueLabelRowView({ attribute, row }: { attribute: string; row: ValueLabelRow }) {
  const t = useAdminT();
  const formId = `value-label-${row.value}`;
  return (
    <tr data-attribute-value={row.value}>
      <th scope="row">
        <code>{row.value}</code>
      </th>
      <td className="admin-num">{row.products}</td>
      <LabelInputs formId={formId} id={row.value} labels={row.labels} />
      <td>
        <AdminForm id={formId} className="admin-inline-form">
          <input type="hidden" name="intent" value="value-label" />
          <input type="hidden" name="id" value={attribute} />
          <input type="hidden" name="value" value={row.value} />
          <button
            type="submit"
            className="admin-button admin-button--small"
            aria-label={t("admin.vocabulary.save_of", { id: row.value })}
          >
            {t("admin.vocabulary.save")}
          </button>
        </AdminForm>
      </td>
    </tr>
  );
}

/** The values of one text attribute, to label them per language; and a form for a value no product has yet. */
function AttributeValues({ attribute, rows }: { attribute: AttributeDefinition; rows: ValueLabelRow[] }) {
  const t = useAdminT();
  const answer = useActionData<typeof action>() as Answer | undefined;
  return (
    <section aria-labelledby="attribute-values-heading" className="admin-section">
      <h2 id="attribute-values-heading">{t("admin.vocabulary.values_title", { id: attribute.key })}</h2>
      <p>{t("admin.vocabulary.values_intro")}</p>
      {rows.length === 0 ? (
        <p>{t("admin.vocabulary.values_empty")}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-vocabulary">
            <thead>
              <tr>
                <th scope="col">{t("admin.vocabulary.col.value")}</th>
                <th scope="col">{t("admin.vocabulary.col.products")}</th>
                <LanguageHeaders />
                <th scope="col">
                  <span className="admin-visually-hidden">{t("admin.vocabulary.col.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <ValueLabelRowView key={row.value} attribute={attribute.key} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 className="admin-vocabulary__add-value">{t("admin.vocabulary.add_value_label_title")}</h3>
      <AdminForm
        className="admin-form admin-form--row"
        key={answer?.ok && answer.intent === "value-label" ? `labelled-${answer.id}` : "value-label"}
      >
        <input type="hidden" name="intent" value="value-label" />
        <input type="hidden" name="id" value={attribute.key} />
        <label className="admin-field">
          <span>{t("admin.vocabulary.col.value")}</span>
          <input type="text" name="value" required maxLength={80} />
        </label>
        <NewLabelFields />
        <button type="submit" className="admin-button">
          {t("admin.vocabulary.save")}
        </button>
      </AdminForm>
    </section>
  );
}

function AddForm({ shown }: { shown: Shown }) {
  const t = useAdminT();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const attributes = shown === "attributes";
  return (
    <section aria-labelledby="add-heading" className="admin-section">
      <h2 id="add-heading">{t(attributes ? "admin.vocabulary.add_attribute_title" : "admin.vocabulary.add_title")}</h2>
      <AdminForm
        className="admin-form admin-form--row"
        key={answer?.ok && answer.intent === "add" ? `added-${answer.id}` : "add"}
      >
        <input type="hidden" name="intent" value={attributes ? "add-attribute" : "add"} />
        {attributes ? null : <input type="hidden" name="kind" value={shown} />}
        <label className="admin-field">
          <span>{t(attributes ? "admin.vocabulary.col.key" : "admin.vocabulary.col.id")}</span>
          <input
            type="text"
            name="id"
            required
            maxLength={60}
            pattern={attributes ? "[a-zA-Z][a-zA-Z0-9_]*" : "[a-z0-9][a-z0-9_\\-]*"}
          />
        </label>
        <NewLabelFields />
        {shown === "colour" ? (
          <label className="admin-field">
            <span>{t("admin.vocabulary.col.hex")}</span>
            <input type="text" name="hex" required pattern="#[0-9a-fA-F]{6}" placeholder="#1f2f52" size={8} />
          </label>
        ) : null}
        <button type="submit" className="admin-button">
          {t("admin.vocabulary.add")}
        </button>
      </AdminForm>
    </section>
  );
}

export default function AdminVocabulary({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const { shown, values, attributes, opened, valueRows } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const doneKey = answer?.ok
    ? answer.changed
      ? `admin.vocabulary.done.${answer.intent}`
      : "admin.vocabulary.done.unchanged"
    : undefined;
  return (
    <AdminPage title={t("admin.nav.vocabulary")}>
      <nav aria-label={t("admin.vocabulary.kinds")} className="admin-vocabulary__kinds">
        <ul>
          {SHOWN.map((kind) => (
            <li key={kind}>
              <Link
                to={`/admin/vocabulary/?kind=${kind}`}
                aria-current={kind === shown ? "page" : undefined}
                className={kind === shown ? "admin-vocabulary__kind is-current" : "admin-vocabulary__kind"}
              >
                {t(`admin.vocabulary.kind.${kind}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p>{t("admin.vocabulary.intro")}</p>
      {doneKey && answer ? <FormMessage>{t(doneKey, { id: answer.id })}</FormMessage> : null}
      {answer && !answer.ok ? (
        <FormMessage error>{t(`admin.vocabulary.error.${answer.error}`, { detail: answer.detail })}</FormMessage>
      ) : null}
      <section aria-labelledby="values-heading" className="admin-section">
        <h2 id="values-heading">{t(`admin.vocabulary.kind.${shown}`)}</h2>
        {values.length === 0 && attributes.length === 0 ? <p>{t("admin.vocabulary.empty")}</p> : null}
        {values.length > 0 || attributes.length > 0 ? (
          <div className="admin-table-wrap">
            <table className="admin-table admin-vocabulary">
              <thead>
                <tr>
                  <th scope="col">
                    {t(shown === "attributes" ? "admin.vocabulary.col.key" : "admin.vocabulary.col.id")}
                  </th>
                  <LanguageHeaders />
                  {shown === "colour" ? <th scope="col">{t("admin.vocabulary.col.hex")}</th> : null}
                  {shown === "attributes" ? (
                    <>
                      <th scope="col">{t("admin.vocabulary.col.type")}</th>
                      <th scope="col">{t("admin.vocabulary.col.facetable")}</th>
                      <th scope="col">{t("admin.vocabulary.col.searchable")}</th>
                    </>
                  ) : null}
                  <th scope="col">
                    <span className="admin-visually-hidden">{t("admin.vocabulary.col.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {values.map((value) => (
                  <ValueRow key={value.id} value={value} />
                ))}
                {attributes.map((attribute) => (
                  <AttributeRow key={attribute.key} attribute={attribute} />
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      {opened ? <AttributeValues attribute={opened} rows={valueRows} /> : null}
      <AddForm shown={shown} />
    </AdminPage>
  );
}
