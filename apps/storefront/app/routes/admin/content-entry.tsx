import {
  BLOCK_TEMPLATES,
  BLOCK_TYPES,
  type BlockType,
  type ContentBlock,
  type ContentEntry,
  findContentEntryById,
  listContentVersions,
  publishContent,
  rollBackContent,
  saveContentDraft,
} from "@vitrine/commerce";
import { SHOPS } from "@vitrine/commerce/shops";
import { Link, useActionData, useNavigation } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { BlockFields, usePathName } from "../../components/admin/BlockFields.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import type { FieldNode } from "../../lib/admin/block-fields.ts";
import { blockFromForm, changeList, fieldNodes } from "../../lib/admin/block-form.server.ts";
import { formatAdminDate } from "../../lib/admin/format.ts";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff, staffCtx } from "../../lib/admin/staff.server.ts";
import { invalidForm, refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/content-entry";
import "../../styles/admin-orders.css";
import "../../styles/admin-marketing.css";

/**
 * The content editor of one page: its title and SEO texts and its blocks (every block type the shop renders).
 * Banners and text blocks have their own fields; every other type gets a form drawn from its block schema
 * (`lib/admin/block-form.server.ts`: inputs, choices, groups, lists with add and remove), checked against the
 * schema on save. Each block can be limited to some stores of the page's language. Every change to the blocks (add, move, remove, save) saves the draft; the shop's preview mode
 * shows it beside the editor; publishing makes it live and keeps a version; any version can be rolled back to.
 * Works without JavaScript: every button submits the whole form, so nothing typed is lost.
 */

/** A block as the form holds it: its type, its fields as text, and the stores showing it (empty: all). */
interface EditableBlock {
  type: string;
  fields: Record<string, string>;
  stores: string[];
  /** The block's form drawn from its schema (every type but banners and text blocks). */
  nodes?: FieldNode[];
}

const BANNER_FIELDS = [
  "eyebrow",
  "title",
  "text",
  "imageSrc",
  "imageAlt",
  "linkHref",
  "linkLabel",
  "textColor",
] as const;

function editable(block: ContentBlock | Record<string, unknown>): EditableBlock {
  const { stores, ...b } = block as Record<string, unknown> & { type: string; stores?: string[] };
  return { ...editableFields(b), stores: Array.isArray(stores) ? stores.map(String) : [] };
}

function editableFields(b: Record<string, unknown> & { type: string }): Omit<EditableBlock, "stores"> {
  if (b.type === "banner") {
    const image = (b.image ?? {}) as { src?: string; alt?: string };
    const link = (b.link ?? {}) as { href?: string; label?: string };
    return {
      type: "banner",
      fields: {
        eyebrow: String(b.eyebrow ?? ""),
        title: String(b.title ?? ""),
        text: String(b.text ?? ""),
        imageSrc: image.src ?? "",
        imageAlt: image.alt ?? "",
        linkHref: link.href ?? "",
        linkLabel: link.label ?? "",
        textColor: String(b.textColor ?? "dark"),
      },
    };
  }
  if (b.type === "text") return { type: "text", fields: { html: String(b.html ?? "") } };
  const nodes = BLOCK_TYPES.includes(b.type as BlockType) ? fieldNodes(b.type as BlockType, b) : undefined;
  if (nodes) return { type: b.type, fields: {}, nodes };
  const { type: _type, ...rest } = b;
  return { type: b.type, fields: { json: JSON.stringify(rest, null, 2) } };
}

/**
 * The blocks of the form, as written; a JSON field that does not parse is reported by its block. `stores` are the
 * stores of the entry's language: where there are several, each block has a check box per store, and a block
 * ticked for all of them is shown everywhere (no `stores` of its own).
 */
function blocksFromForm(
  form: FormData,
  stores: readonly string[],
): { editable: EditableBlock[]; blocks: unknown[]; unreadable: number[] } {
  const { editable: list, blocks, unreadable } = blockFieldsFromForm(form);
  list.forEach((block, i) => {
    // Without the check boxes (one store for the language, or a form that never showed them): shown everywhere.
    if (stores.length < 2 || form.get(`b${i}.storesShown`) === null) return;
    const chosen = stores.filter((store) => form.getAll(`b${i}.stores`).includes(store));
    if (chosen.length === stores.length) return;
    block.stores = chosen;
    blocks[i] = { ...(blocks[i] as Record<string, unknown>), stores: chosen };
  });
  return { editable: list, blocks, unreadable };
}

function blockFieldsFromForm(form: FormData): { editable: EditableBlock[]; blocks: unknown[]; unreadable: number[] } {
  const count = Math.min(Number(form.get("blockCount") ?? 0) || 0, 100);
  const list: EditableBlock[] = [];
  const blocks: unknown[] = [];
  const unreadable: number[] = [];
  for (let i = 0; i < count; i++) {
    const type = String(form.get(`b${i}.type`) ?? "");
    const get = (name: string) => String(form.get(`b${i}.${name}`) ?? "");
    if (type === "banner") {
      const fields = Object.fromEntries(BANNER_FIELDS.map((f) => [f, get(f)]));
      list.push({ type, fields, stores: [] });
      const opt = (v: string) => (v.trim() ? v : undefined);
      blocks.push({
        type,
        ...(opt(fields.eyebrow ?? "") ? { eyebrow: fields.eyebrow } : {}),
        title: fields.title,
        ...(opt(fields.text ?? "") ? { text: fields.text } : {}),
        image: { src: fields.imageSrc, alt: fields.imageAlt },
        ...(opt(fields.linkHref ?? "") || opt(fields.linkLabel ?? "")
          ? { link: { href: fields.linkHref, label: fields.linkLabel } }
          : {}),
        textColor: fields.textColor === "light" ? "light" : "dark",
      });
    } else if (type === "text") {
      list.push({ type, fields: { html: get("html") }, stores: [] });
      blocks.push({ type, html: get("html") });
    } else if (form.get(`b${i}.json`) === null && BLOCK_TYPES.includes(type as BlockType)) {
      // The block's own form (a client of the JSON field still posts `b{i}.json`, read below).
      const block = blockFromForm(type as BlockType, i, (name) => {
        const value = form.get(name);
        return typeof value === "string" ? value : null;
      });
      list.push({ type, fields: {}, stores: [], nodes: fieldNodes(type as BlockType, block) ?? [] });
      blocks.push(block);
    } else {
      const json = get("json");
      list.push({ type, fields: { json }, stores: [] });
      try {
        const parsed = JSON.parse(json || "{}") as unknown;
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not an object");
        blocks.push({ ...(parsed as Record<string, unknown>), type });
      } catch {
        unreadable.push(i);
        blocks.push({ type });
      }
    }
  }
  return { editable: list, blocks, unreadable };
}

function previewPath(entry: Pick<ContentEntry, "pageType" | "slug">): string {
  if (entry.pageType === "home") return "/";
  return entry.pageType === "service" ? `/s/${entry.slug}/` : `/${entry.slug}/`;
}

async function entryOrNotFound(args: Route.LoaderArgs | Route.ActionArgs): Promise<ContentEntry> {
  const id = Number(args.params.id);
  const entry = Number.isSafeInteger(id) ? await findContentEntryById(staffCtx(args), id) : undefined;
  if (!entry)
    throw refused({ error: "not_found" }, { ok: false, error: "NotFound", detail: `No content ${args.params.id}` });
  return entry;
}

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { area: "marketing" });
  const entry = await entryOrNotFound(args);
  const versions = await listContentVersions(staffCtx(args), entry.id);
  const stores = SHOPS.filter((s) => s.language === entry.language).map((s) => s.code);
  const store = new URL(args.request.url).searchParams.get("store");
  return {
    entry: {
      id: entry.id,
      language: entry.language,
      pageType: entry.pageType,
      slug: entry.slug,
      title: entry.title,
      seoTitle: entry.seoTitle,
      seoDescription: entry.seoDescription,
      publishedAt: entry.publishedAt,
      pending: JSON.stringify(entry.draftBlocks) !== JSON.stringify(entry.publishedBlocks),
    },
    blocks: entry.draftBlocks.map(editable),
    versions: versions.map((v) => ({
      id: v.id,
      number: v.number,
      publishedAt: v.publishedAt,
      publishedBy: v.publishedBy,
      note: v.note,
      blocks: v.blocks.length,
      title: v.title,
    })),
    stores,
    previewStore: store && stores.includes(store as never) ? store : (stores[0] ?? "de"),
    path: previewPath(entry),
    blockTypes: [...BLOCK_TYPES],
  };
}

type Issue = { field: string; message: string };

export async function action(args: Route.ActionArgs) {
  const { actor, ctx } = await requireStaff(args, { area: "marketing" });
  const entry = await entryOrNotFound(args);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "rollback") {
    const versionId = Number(form.get("versionId"));
    const result = await rollBackContent(ctx, actor, entry.id, versionId);
    if (!result.ok) return refused({ intent, error: result.error, detail: result.detail }, result);
    return { intent, ok: true as const, version: result.value.number };
  }
  const stores = SHOPS.filter((s) => s.language === entry.language).map((s) => s.code);
  const { editable: list, blocks, unreadable } = blocksFromForm(form, stores);
  const [verb, indexText] = intent.split(":");
  const index = Number(indexText);
  const move = (from: number, to: number) => {
    if (from < 0 || to < 0 || from >= blocks.length || to >= blocks.length) return;
    for (const arr of [blocks, list] as unknown[][]) {
      const [item] = arr.splice(from, 1);
      arr.splice(to, 0, item);
    }
  };
  if (verb === "item+" || verb === "item-") {
    // An entry added to or removed from a list inside block `index`: `item+:{block}:{path}`, `item-:{…}:{entry}`.
    const [, , path = "", entry] = intent.split(":");
    const block = blocks[index] as Record<string, unknown> | undefined;
    const type = block?.type as BlockType;
    if (!block || !changeList(type, block, path, verb === "item-" ? Number(entry) : undefined))
      return refused({ intent, error: "InvalidInput", detail: "list" }, invalidForm(intent));
    list[index] = { ...editable(block), stores: list[index]?.stores ?? [] };
  } else if (verb === "up") move(index, index - 1);
  else if (verb === "down") move(index, index + 1);
  else if (verb === "remove" && index >= 0 && index < blocks.length) {
    blocks.splice(index, 1);
    list.splice(index, 1);
  } else if (verb === "add") {
    const type = String(form.get("addType") ?? "") as BlockType;
    if (!BLOCK_TYPES.includes(type))
      return refused({ intent, error: "InvalidInput", detail: "type" }, invalidForm(intent));
    blocks.push(BLOCK_TEMPLATES[type]);
    list.push(editable(BLOCK_TEMPLATES[type] as ContentBlock));
  } else if (verb !== "save" && verb !== "publish") {
    return refused({ intent, error: "InvalidInput", detail: "" }, invalidForm(intent));
  }
  const texts = {
    title: String(form.get("title") ?? ""),
    seoTitle: String(form.get("seoTitle") ?? ""),
    seoDescription: String(form.get("seoDescription") ?? ""),
  };
  const unreadableIssues: Issue[] = unreadable.map((i) => ({ field: `blocks.${i}`, message: "json" }));
  // Removed or moved blocks shift the positions of unreadable ones: report them only when nothing moved.
  if (unreadableIssues.length > 0 && (verb === "save" || verb === "publish")) {
    return refused(
      { intent, error: "InvalidInput", detail: "", issues: unreadableIssues, blocks: list, texts },
      { ok: false, error: "InvalidInput", detail: "unreadable JSON" },
    );
  }
  const saved = await saveContentDraft(ctx, actor, {
    language: entry.language,
    pageType: entry.pageType,
    slug: entry.slug,
    pageKey: entry.pageKey,
    ...texts,
    blocks,
  });
  if (!saved.ok) {
    return refused(
      { intent, error: saved.error, detail: saved.detail, issues: saved.issues ?? [], blocks: list, texts },
      saved,
    );
  }
  if (verb === "publish") {
    const published = await publishContent(ctx, actor, entry.id);
    if (!published.ok) return refused({ intent, error: published.error, detail: published.detail }, published);
    return { intent, ok: true as const, version: published.value.number };
  }
  return { intent: verb, ok: true as const, version: 0 };
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.content.editor");

type Answer =
  | { intent: string; ok: true; version: number }
  | {
      intent: string;
      ok?: undefined;
      error: string;
      detail: string;
      issues?: Issue[];
      blocks?: EditableBlock[];
      texts?: { title: string; seoTitle: string; seoDescription: string };
    };

function issuesOf(issues: Issue[] | undefined, index: number): Issue[] {
  return (issues ?? []).filter((i) => i.field === `blocks.${index}` || i.field.startsWith(`blocks.${index}.`));
}

function BlockEditor({
  block,
  index,
  count,
  issues,
  stores,
}: {
  block: EditableBlock;
  index: number;
  count: number;
  issues: Issue[];
  /** The stores of the entry's language. */
  stores: readonly string[];
}) {
  const t = useAdminT();
  const n = index + 1;
  const pathName = usePathName();
  // A field of a block drawn from its schema is named as its input is labelled; others by their path.
  const issueField = (path: string) => (block.nodes && path ? pathName(path) : path);
  const typeName = t(`admin.content.block.${block.type}`);
  const name = (f: string) => `b${index}.${f}`;
  const errorId = `block-${index}-errors`;
  const described = issues.length > 0 ? errorId : undefined;
  return (
    <fieldset className={issues.length > 0 ? "admin-marketing__block has-error" : "admin-marketing__block"}>
      <legend>{t("admin.content.block_legend", { n, type: typeName })}</legend>
      <input type="hidden" name={name("type")} value={block.type} />
      {issues.length > 0 ? (
        <ul id={errorId} className="admin-marketing__issues">
          {issues.map((i) => (
            <li key={`${i.field}-${i.message}`}>
              {i.message === "json"
                ? t("admin.content.issue_json")
                : `${issueField(i.field.replace(/^blocks\.\d+\.?/, "")) || block.type}: ${i.message}`}
            </li>
          ))}
        </ul>
      ) : null}
      {block.type === "banner" ? (
        <div className="admin-marketing__fields">
          {BANNER_FIELDS.map((f) =>
            f === "textColor" ? (
              <label className="admin-field" key={f}>
                <span>{t("admin.content.field.textColor")}</span>
                <select name={name(f)} defaultValue={block.fields[f] || "dark"} aria-describedby={described}>
                  <option value="dark">{t("admin.content.colour.dark")}</option>
                  <option value="light">{t("admin.content.colour.light")}</option>
                </select>
              </label>
            ) : (
              <label className={f === "text" ? "admin-field admin-field--wide" : "admin-field"} key={f}>
                <span>{t(`admin.content.field.${f}`)}</span>
                <input
                  type="text"
                  name={name(f)}
                  defaultValue={block.fields[f] ?? ""}
                  required={f === "title" || f === "imageSrc"}
                  aria-label={t("admin.content.field_of", { field: t(`admin.content.field.${f}`), n })}
                  aria-describedby={described}
                />
              </label>
            ),
          )}
        </div>
      ) : block.type === "text" ? (
        <label className="admin-field admin-field--wide">
          <span>{t("admin.content.field.html")}</span>
          <textarea
            name={name("html")}
            rows={5}
            defaultValue={block.fields.html ?? ""}
            aria-label={t("admin.content.field_of", { field: t("admin.content.field.html"), n })}
            aria-describedby={described}
          />
        </label>
      ) : block.nodes ? (
        <BlockFields
          nodes={block.nodes}
          index={index}
          invalid={new Set(issues.map((i) => i.field.replace(/^blocks\.\d+\.?/, "")))}
          describedBy={described}
        />
      ) : (
        <label className="admin-field admin-field--wide">
          <span>{t("admin.content.field.json")}</span>
          <textarea
            name={name("json")}
            rows={Math.min(18, Math.max(4, (block.fields.json ?? "").split("\n").length + 1))}
            spellCheck={false}
            className="admin-marketing__json"
            defaultValue={block.fields.json ?? ""}
            aria-label={t("admin.content.field_of", { field: t("admin.content.field.json"), n })}
            aria-describedby={described}
          />
        </label>
      )}
      {stores.length > 1 ? (
        <fieldset className="admin-marketing__shown-in">
          <input type="hidden" name={name("storesShown")} value="1" />
          <legend>{t("admin.content.shown_in_of", { n })}</legend>
          {stores.map((store) => (
            <label key={store} className="admin-check">
              <input
                type="checkbox"
                name={name("stores")}
                value={store}
                defaultChecked={block.stores.length === 0 || block.stores.includes(store)}
                aria-describedby={described}
              />
              <span>{t(`admin.content.store.${store}`)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="admin-marketing__block-actions">
        <button
          type="submit"
          name="intent"
          value={`up:${index}`}
          formNoValidate
          disabled={index === 0}
          className="admin-button admin-button--small admin-button--plain"
          aria-label={t("admin.content.up_of", { n })}
        >
          {t("admin.content.up")}
        </button>
        <button
          type="submit"
          name="intent"
          value={`down:${index}`}
          formNoValidate
          disabled={index === count - 1}
          className="admin-button admin-button--small admin-button--plain"
          aria-label={t("admin.content.down_of", { n })}
        >
          {t("admin.content.down")}
        </button>
        <button
          type="submit"
          name="intent"
          value={`remove:${index}`}
          formNoValidate
          className="admin-button admin-button--small admin-button--danger"
          aria-label={t("admin.content.remove_of", { n })}
        >
          {t("admin.content.remove")}
        </button>
      </div>
    </fieldset>
  );
}

export default function AdminContentEntry({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const { entry, versions, stores, previewStore, path, blockTypes } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const navigation = useNavigation();
  const failed = answer && !answer.ok ? answer : undefined;
  const blocks = failed?.blocks ?? loaderData.blocks;
  const texts = failed?.texts ?? entry;
  // A new preview after every save: the frame reloads when the draft changed.
  const previewSrc = `/admin/content/preview/?store=${previewStore}&path=${encodeURIComponent(path)}`;
  const formKey = `${versions.length}-${answer?.ok ? `${answer.intent}-${answer.version}-${blocks.length}` : "edit"}`;
  return (
    <AdminPage
      title={entry.title}
      actions={
        <Link to={`/admin/content/?language=${entry.language}`} className="admin-button admin-button--plain">
          {t("admin.content.back")}
        </Link>
      }
    >
      <p className="admin-cell-sub">
        {t(`admin.content.type.${entry.pageType}`)} · {t(`admin.content.language.${entry.language}`)} ·{" "}
        <code>{path}</code> · {entry.pending ? t("admin.content.state.draft") : t("admin.content.state.live")}
      </p>
      {answer?.ok ? (
        <FormMessage>
          {answer.intent === "publish"
            ? t("admin.content.done.publish", { version: answer.version })
            : answer.intent === "rollback"
              ? t("admin.content.done.rollback", { version: answer.version })
              : t("admin.content.done.save")}
        </FormMessage>
      ) : null}
      {failed ? (
        <FormMessage error>
          {failed.issues && failed.issues.length > 0
            ? t("admin.content.error.blocks", { count: failed.issues.length })
            : t(`admin.content.error.${failed.error}`, { detail: failed.detail })}
        </FormMessage>
      ) : null}
      <div className="admin-marketing__split admin-marketing__split--editor">
        <AdminForm className="admin-form admin-marketing__editor" key={formKey}>
          <input type="hidden" name="blockCount" value={blocks.length} />
          <label className="admin-field admin-field--wide">
            <span>{t("admin.content.col.title")}</span>
            <input type="text" name="title" required maxLength={200} defaultValue={texts.title} />
          </label>
          <label className="admin-field admin-field--wide">
            <span>{t("admin.content.seo_title")}</span>
            <input type="text" name="seoTitle" maxLength={200} defaultValue={texts.seoTitle} />
          </label>
          <label className="admin-field admin-field--wide">
            <span>{t("admin.content.seo_description")}</span>
            <textarea name="seoDescription" rows={2} maxLength={400} defaultValue={texts.seoDescription} />
          </label>
          <h2>{t("admin.content.blocks_title", { count: blocks.length })}</h2>
          {blocks.length === 0 ? <p>{t("admin.content.no_blocks")}</p> : null}
          {blocks.map((block, index) => (
            <BlockEditor
              // Keyed by position and content: after a move, a removal or a saved answer, a block whose content
              // changed is mounted afresh, so its uncontrolled inputs cannot keep another block's values.
              key={`${index}:${JSON.stringify(block)}`}
              block={block}
              index={index}
              count={blocks.length}
              issues={issuesOf(failed?.issues, index)}
              stores={stores}
            />
          ))}
          <div className="admin-marketing__add">
            <label className="admin-field">
              <span>{t("admin.content.add_type")}</span>
              <select name="addType" defaultValue="banner">
                {blockTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(`admin.content.block.${type}`)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" name="intent" value="add" formNoValidate className="admin-button admin-button--plain">
              {t("admin.content.add")}
            </button>
          </div>
          <div className="admin-actions admin-marketing__sticky">
            <button
              type="submit"
              name="intent"
              value="save"
              className="admin-button admin-button--plain"
              aria-busy={navigation.state === "submitting" || undefined}
            >
              {t("admin.content.save")}
            </button>
            <button type="submit" name="intent" value="publish" className="admin-button">
              {t("admin.content.publish")}
            </button>
          </div>
        </AdminForm>
        <section aria-labelledby="preview-heading" className="admin-marketing__preview">
          <h2 id="preview-heading">{t("admin.content.preview_title")}</h2>
          <p className="admin-marketing__preview-links">
            {stores.map((code) => (
              <a
                key={code}
                href={`/admin/content/preview/?store=${code}&path=${encodeURIComponent(path)}`}
                target="_blank"
                rel="noreferrer"
              >
                {t("admin.content.preview_in", { store: code })}
              </a>
            ))}
          </p>
          <iframe
            key={formKey}
            src={previewSrc}
            title={t("admin.content.preview_frame", { store: previewStore })}
            className="admin-marketing__frame"
          />
        </section>
      </div>
      <section aria-labelledby="history-heading" className="admin-section">
        <h2 id="history-heading">{t("admin.content.history_title")}</h2>
        {versions.length === 0 ? (
          <p>{t("admin.content.history_empty")}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t("admin.content.col.version")}</th>
                  <th scope="col">{t("admin.content.col.published")}</th>
                  <th scope="col">{t("admin.content.col.by")}</th>
                  <th scope="col">{t("admin.content.col.blocks")}</th>
                  <th scope="col">
                    <span className="admin-visually-hidden">{t("admin.content.col.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {versions.map((v, i) => (
                  <tr key={v.id}>
                    <td>
                      {v.number}
                      {i === 0 ? ` · ${t("admin.content.live_version")}` : ""}
                      {v.note ? (
                        <span className="admin-cell-sub">{t("admin.content.rolled_back", { note: v.note })}</span>
                      ) : null}
                    </td>
                    <td>{formatAdminDate(v.publishedAt, t.locale)}</td>
                    <td>{v.publishedBy}</td>
                    <td>{v.blocks}</td>
                    <td>
                      {i > 0 ? (
                        <AdminForm className="admin-inline-form">
                          <input type="hidden" name="intent" value="rollback" />
                          <input type="hidden" name="versionId" value={v.id} />
                          <button
                            type="submit"
                            className="admin-button admin-button--small"
                            aria-label={t("admin.content.rollback_of", { n: v.number })}
                          >
                            {t("admin.content.rollback")}
                          </button>
                        </AdminForm>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </AdminPage>
  );
}
