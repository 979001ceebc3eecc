import { type FieldNode, fieldName, jsonName, listLengthName } from "../../lib/admin/block-fields.ts";
import { useAdminT } from "../../lib/admin/i18n.tsx";

/**
 * The inputs of one content block, drawn from its form description (`lib/admin/block-form.server.ts`). Every
 * input is named so the whole form posts without JavaScript; a list's "add" and "remove" buttons submit the form
 * with their intent (`item+:{block}:{path}`, `item-:{block}:{path}:{entry}`). An input whose path has a problem is
 * marked invalid and points at the block's list of problems.
 */

/** Field names with a label of their own; other names are shown as they are. */
const LABELLED = new Set([
  "title",
  "items",
  "html",
  "eyebrow",
  "text",
  "image",
  "src",
  "alt",
  "link",
  "href",
  "label",
  "textColor",
  "secondaryLink",
  "style",
  "caption",
  "aspectRatio",
  "slides",
  "productId",
  "source",
  "kind",
  "productIds",
  "categoryKey",
  "slotId",
  "limit",
  "columns",
  "sources",
  "mimeType",
  "poster",
  "captions",
  "language",
  "headers",
  "rows",
  "note",
  "imagePosition",
  "links",
  "type",
]);

interface Props {
  nodes: readonly FieldNode[];
  /** The block's position (0-based) and its number as shown. */
  index: number;
  /** Paths with a problem (`items.0.title`). */
  invalid: ReadonlySet<string>;
  describedBy: string | undefined;
}

export function BlockFields({ nodes, index, invalid, describedBy }: Props) {
  return (
    <div className="admin-marketing__fields">
      {nodes.map((node) => (
        <Field key={node.path} node={node} index={index} invalid={invalid} describedBy={describedBy} />
      ))}
    </div>
  );
}

/** The name of a field path within its block, as its input is labelled ("Einträge, Nr. 2 › Titel"). */
export function usePathName(): (path: string) => string {
  return useLabels().pathName;
}

function useLabels() {
  const t = useAdminT();
  const name = (segment: string) => (LABELLED.has(segment) ? t(`admin.content.prop.${segment}`) : segment);
  /** The label of a path: its last name, or "List, no. k" for a list entry. */
  const label = (path: string) => {
    const segments = path.split(".");
    const last = segments.at(-1) ?? "";
    if (/^\d+$/.test(last)) {
      const list = segments.at(-2) ?? "";
      return t("admin.content.list_item", { list: /^\d+$/.test(list) ? "" : name(list), k: Number(last) + 1 });
    }
    return name(last);
  };
  /** Every level of a path ("Einträge, Nr. 1 › Titel": a list's name is already in its entry's label). */
  const pathName = (path: string) => {
    const segments = path.split(".");
    const parts: string[] = [];
    segments.forEach((segment, i) => {
      if (i + 1 < segments.length && /^\d+$/.test(segments[i + 1] ?? "")) return;
      parts.push(/^\d+$/.test(segment) ? label(segments.slice(0, i + 1).join(".")) : name(segment));
    });
    return parts.join(" › ");
  };
  /** The full name of a path for assistive technology: every level, then the block. */
  const full = (path: string, n: number) => t("admin.content.field_of", { field: pathName(path), n });
  return { t, label, full, pathName };
}

function Field({
  node,
  index,
  invalid,
  describedBy,
}: {
  node: FieldNode;
  index: number;
  invalid: ReadonlySet<string>;
  describedBy: string | undefined;
}) {
  const { t, label, full } = useLabels();
  const n = index + 1;
  const bad = [...invalid].some((path) => path === node.path || path.startsWith(`${node.path}.`));
  const marks = bad ? { "aria-invalid": true as const, "aria-describedby": describedBy } : {};
  switch (node.kind) {
    case "text":
      return node.multiline ? (
        <label className="admin-field admin-field--wide">
          <span>{label(node.path)}</span>
          <textarea
            name={fieldName(index, node.path)}
            rows={node.path.endsWith("html") ? 5 : 3}
            defaultValue={node.value}
            maxLength={node.maxLength}
            aria-label={full(node.path, n)}
            {...marks}
          />
        </label>
      ) : (
        <label className="admin-field">
          <span>{label(node.path)}</span>
          <input
            type="text"
            name={fieldName(index, node.path)}
            defaultValue={node.value}
            maxLength={node.maxLength}
            aria-label={full(node.path, n)}
            {...marks}
          />
        </label>
      );
    case "number":
      return (
        <label className="admin-field">
          <span>{label(node.path)}</span>
          <input
            type="text"
            inputMode="numeric"
            name={fieldName(index, node.path)}
            defaultValue={node.value}
            aria-label={full(node.path, n)}
            {...marks}
          />
        </label>
      );
    case "choice":
      return (
        <label className="admin-field">
          <span>{label(node.path)}</span>
          <select
            name={fieldName(index, node.path)}
            defaultValue={node.value}
            aria-label={full(node.path, n)}
            {...marks}
          >
            {node.required ? null : <option value="">{t("admin.content.choose_none")}</option>}
            {node.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      );
    case "variant":
      return (
        <fieldset className="admin-marketing__group">
          <legend>{label(node.path)}</legend>
          <label className="admin-field">
            <span>{label(`${node.path}.${node.key}`)}</span>
            <select
              name={fieldName(index, `${node.path}.${node.key}`)}
              defaultValue={node.value}
              aria-label={full(`${node.path}.${node.key}`, n)}
              aria-describedby={`b${index}-${node.path}-kind`}
            >
              {node.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
          <small id={`b${index}-${node.path}-kind`} className="admin-cell-sub">
            {t("admin.content.kind_hint")}
          </small>
          <BlockFields nodes={node.children} index={index} invalid={invalid} describedBy={describedBy} />
        </fieldset>
      );
    case "group":
      return (
        <fieldset className="admin-marketing__group">
          <legend>{label(node.path)}</legend>
          <BlockFields nodes={node.children} index={index} invalid={invalid} describedBy={describedBy} />
        </fieldset>
      );
    case "list":
      return (
        <fieldset className="admin-marketing__group admin-marketing__list">
          <legend>{label(node.path)}</legend>
          <input type="hidden" name={listLengthName(index, node.path)} value={node.items.length} />
          {node.items.length === 0 ? <p className="admin-cell-sub">{t("admin.content.list_empty")}</p> : null}
          {node.items.map((item, k) => (
            <div key={item.path} className="admin-marketing__entry">
              {item.kind === "group" || item.kind === "variant" || item.kind === "list" ? (
                <Field node={item} index={index} invalid={invalid} describedBy={describedBy} />
              ) : (
                <BlockFields nodes={[item]} index={index} invalid={invalid} describedBy={describedBy} />
              )}
              <button
                type="submit"
                name="intent"
                value={`item-:${index}:${node.path}:${k}`}
                formNoValidate
                disabled={node.items.length <= node.min}
                className="admin-button admin-button--small admin-button--plain"
                aria-label={t("admin.content.list_remove", { item: full(item.path, n) })}
              >
                {t("admin.content.remove")}
              </button>
            </div>
          ))}
          <button
            type="submit"
            name="intent"
            value={`item+:${index}:${node.path}`}
            formNoValidate
            disabled={node.items.length >= node.max}
            className="admin-button admin-button--small admin-button--plain"
            aria-label={t("admin.content.list_add", { list: full(node.path, n) })}
          >
            {t("admin.content.list_add_button")}
          </button>
        </fieldset>
      );
    case "json":
      return (
        <label className="admin-field admin-field--wide">
          <span>{label(node.path)} (JSON)</span>
          <textarea
            name={jsonName(index, node.path)}
            rows={Math.min(12, Math.max(3, node.value.split("\n").length + 1))}
            spellCheck={false}
            className="admin-marketing__json"
            defaultValue={node.value}
            aria-label={full(node.path, n)}
            {...marks}
          />
        </label>
      );
  }
}
