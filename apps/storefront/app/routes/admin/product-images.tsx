import {
  type AltTexts,
  addProductPicture,
  listProductPictures,
  type MediaFailure,
  moveProductPicture,
  type ProductPicture,
  removeProductPicture,
  setProductPictureAlt,
} from "@vitrine/commerce";
import { LANGUAGES } from "@vitrine/commerce/shops";
import { type DragEvent, useEffect, useRef, useState } from "react";
import { useActionData, useNavigation } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import { Picture } from "../../components/Picture.tsx";
import { uploadedCandidate } from "../../content/images.ts";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff, staffCtx } from "../../lib/admin/staff.server.ts";
import { invalidForm, refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/product-images";
import "../../styles/admin-orders.css";
import "../../styles/admin-media.css";

/**
 * A product's pictures (owners and merchandisers): upload photos (file picker or drag and drop, several at
 * once; JPEG, PNG, WebP, AVIF), alt text per language, order (move up and down: the first is the front picture
 * of tiles and the product page, the second the one tiles show on hover), removal. Works without JavaScript;
 * every change is audited and reaches every shop process through the event feed.
 */

function productIdOf(params: { id?: string }): number | undefined {
  const id = Number(params.id);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function notFound() {
  return refused(null, { ok: false, error: "NotFound", detail: "No such product" });
}

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { area: "media" });
  const id = productIdOf(args.params);
  if (id === undefined) throw notFound();
  const ctx = staffCtx(args);
  const listed = await listProductPictures(ctx, id);
  if (!listed.ok) throw notFound();
  return {
    ...listed.value,
    limits: {
      max: Math.floor(ctx.config.MEDIA_MAX_BYTES / 1_000_000),
      dimension: ctx.config.MEDIA_MAX_DIMENSION,
      megapixels: Math.floor(ctx.config.MEDIA_MAX_PIXELS / 1_000_000),
    },
  };
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

function altsOf(form: FormData): AltTexts {
  const alts: AltTexts = {};
  for (const language of LANGUAGES) {
    const value = field(form, `alt_${language}`);
    if (value !== undefined) alts[language] = value;
  }
  return alts;
}

/** A file the upload refused, and why (the pipeline's reason, or the service's error). */
interface FileRefusal {
  name: string;
  reason: string;
  detail: string;
}

type Answer =
  | { intent: "upload"; ok: true; added: number; refusals: FileRefusal[] }
  | { intent: string; ok: true; path: string; changed: boolean; direction?: "up" | "down" }
  | { intent: string; ok: false; error: string; detail: string; refusals?: FileRefusal[] };

function failed(intent: string, failure: MediaFailure) {
  return refused({ intent, ok: false as const, error: failure.error, detail: failure.detail }, failure);
}

export async function action(args: Route.ActionArgs) {
  const { actor, ctx } = await requireStaff(args, { area: "media" });
  const id = productIdOf(args.params);
  if (id === undefined) throw notFound();
  const form = await args.request.formData();
  const intent = field(form, "intent") ?? "";
  const path = field(form, "path") ?? "";
  if (intent === "upload") {
    const files = form.getAll("file").filter((f): f is File => typeof f !== "string" && f.size + f.name.length > 0);
    if (files.length === 0) {
      return refused({ intent, ok: false as const, error: "no_file", detail: "" }, invalidForm(intent));
    }
    const alts = altsOf(form);
    const refusals: FileRefusal[] = [];
    let added = 0;
    for (const file of files) {
      const result = await addProductPicture(ctx, actor, id, new Uint8Array(await file.arrayBuffer()), alts);
      if (result.ok) added++;
      else if (result.error === "NotFound") throw notFound();
      else refusals.push({ name: file.name, reason: result.reason ?? result.error, detail: result.detail });
    }
    if (added === 0) {
      return refused({ intent, ok: false as const, error: "refused", detail: "", refusals }, invalidForm(intent));
    }
    return { intent: "upload" as const, ok: true as const, added, refusals };
  }
  if (intent === "up" || intent === "down") {
    const result = await moveProductPicture(ctx, actor, id, path, intent);
    if (!result.ok) return failed(intent, result);
    return { intent: "move", ok: true as const, path, changed: result.value.changed, direction: intent };
  }
  if (intent === "remove") {
    const result = await removeProductPicture(ctx, actor, id, path);
    if (!result.ok) return failed(intent, result);
    return { intent, ok: true as const, path, changed: true };
  }
  if (intent === "alt") {
    const result = await setProductPictureAlt(ctx, actor, id, path, altsOf(form));
    if (!result.ok) return failed(intent, result);
    return { intent, ok: true as const, path, changed: result.value.changed };
  }
  return refused({ intent, ok: false as const, error: "unknown_intent", detail: "" }, invalidForm(intent));
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.images.title");

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";
const LANGUAGE_NAMES = {
  de: "admin.images.language.de",
  fr: "admin.images.language.fr",
  en: "admin.images.language.en",
};

function Thumbnail({ picture }: { picture: ProductPicture }) {
  const uploaded = uploadedCandidate(picture.url);
  return (
    <Picture
      className="admin-images__thumb"
      src={uploaded?.src ?? picture.url}
      srcSet={uploaded?.srcSet}
      sizes={uploaded ? "120px" : undefined}
      sources={uploaded?.sources}
      alt=""
      width={uploaded?.width ?? 600}
      height={uploaded?.height ?? 800}
      loading="lazy"
    />
  );
}

function UploadForm({ maxMegabytes }: { maxMegabytes: number }) {
  const t = useAdminT();
  const navigation = useNavigation();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const answer = useActionData<typeof action>() as Answer | undefined;
  const uploading = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  const [uploads, setUploads] = useState(0);
  useEffect(() => {
    if (answer && "added" in answer) setUploads((n) => n + 1);
  }, [answer]);

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!input.current || event.dataTransfer.files.length === 0) return;
    // The dropped files become the picker's: the form posts them as if they had been chosen.
    input.current.files = event.dataTransfer.files;
    setChosen([...event.dataTransfer.files].map((f) => f.name));
  };

  return (
    <section aria-labelledby="upload-heading" className="admin-section">
      <h2 id="upload-heading">{t("admin.images.upload_title")}</h2>
      <AdminForm
        encType="multipart/form-data"
        className="admin-form"
        // A new form after each upload: the picker and the alt texts start empty again.
        key={`upload-${uploads}`}
        onSubmit={() => setChosen([])}
      >
        <input type="hidden" name="intent" value="upload" />
        <label
          className={`admin-images__drop${dragging ? " is-dragging" : ""}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <span className="admin-images__drop-title">{t("admin.images.drop")}</span>
          <span className="admin-images__drop-hint">{t("admin.images.drop_hint", { max: maxMegabytes })}</span>
          <input
            ref={input}
            type="file"
            name="file"
            accept={ACCEPT}
            multiple
            required
            onChange={(event) => setChosen([...(event.currentTarget.files ?? [])].map((f) => f.name))}
          />
          {chosen.length > 0 ? (
            <span className="admin-images__chosen" aria-live="polite">
              {t("admin.images.chosen", { count: chosen.length, names: chosen.join(", ") })}
            </span>
          ) : null}
        </label>
        <fieldset className="admin-images__alts">
          <legend>{t("admin.images.alt_for_upload")}</legend>
          {LANGUAGES.map((language) => (
            <label className="admin-field" key={language}>
              <span>{t(LANGUAGE_NAMES[language])}</span>
              <input type="text" name={`alt_${language}`} lang={language} maxLength={300} />
            </label>
          ))}
        </fieldset>
        <div>
          <button type="submit" className="admin-button" disabled={uploading} aria-disabled={uploading}>
            {t(uploading ? "admin.images.uploading" : "admin.images.upload")}
          </button>
        </div>
      </AdminForm>
    </section>
  );
}

function PictureRow({ picture, index, count }: { picture: ProductPicture; index: number; count: number }) {
  const t = useAdminT();
  const formId = `alt-${index}`;
  const position = index + 1;
  return (
    <li className="admin-images__item" data-path={picture.path}>
      <div className="admin-images__media">
        <Thumbnail picture={picture} />
        <span className="admin-images__position">
          {index === 0 ? t("admin.images.front") : index === 1 ? t("admin.images.hover") : `#${position}`}
        </span>
      </div>
      <div className="admin-images__body">
        <p className="admin-images__meta">
          {picture.uploaded
            ? t("admin.images.uploaded", { width: picture.uploaded.width, height: picture.uploaded.height })
            : t("admin.images.external")}{" "}
          <code>{picture.path}</code>
        </p>
        <div className="admin-images__alt-fields">
          {LANGUAGES.map((language) => (
            <label className="admin-field" key={language}>
              <span>{t(LANGUAGE_NAMES[language])}</span>
              <input
                form={formId}
                type="text"
                name={`alt_${language}`}
                lang={language}
                maxLength={300}
                defaultValue={picture.alt[language] ?? ""}
                aria-label={t("admin.images.alt_of", { language: t(LANGUAGE_NAMES[language]), position })}
              />
            </label>
          ))}
        </div>
        <div className="admin-images__actions">
          <AdminForm id={formId} className="admin-inline-form">
            <input type="hidden" name="intent" value="alt" />
            <input type="hidden" name="path" value={picture.path} />
            <button type="submit" className="admin-button admin-button--small">
              {t("admin.images.save_alt")}
            </button>
          </AdminForm>
          <AdminForm className="admin-inline-form">
            <input type="hidden" name="path" value={picture.path} />
            <button
              type="submit"
              name="intent"
              value="up"
              className="admin-button admin-button--small admin-button--secondary"
              disabled={index === 0}
              data-move="up"
              aria-label={t("admin.images.move_up_of", { position })}
            >
              {t("admin.images.move_up")}
            </button>
            <button
              type="submit"
              name="intent"
              value="down"
              className="admin-button admin-button--small admin-button--secondary"
              disabled={index === count - 1}
              data-move="down"
              aria-label={t("admin.images.move_down_of", { position })}
            >
              {t("admin.images.move_down")}
            </button>
          </AdminForm>
          <AdminForm
            className="admin-inline-form"
            onSubmit={(event) => {
              if (!window.confirm(t("admin.images.remove_confirm", { position }))) event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="path" value={picture.path} />
            <button
              type="submit"
              className="admin-button admin-button--small admin-button--danger"
              aria-label={t("admin.images.remove_of", { position })}
            >
              {t("admin.images.remove")}
            </button>
          </AdminForm>
        </div>
      </div>
    </li>
  );
}

export default function AdminProductImages({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const { product, pictures, limits } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const list = useRef<HTMLOListElement>(null);

  // After a move the picture's row sits elsewhere: keep the keyboard on its button, so moving on works.
  useEffect(() => {
    if (!answer?.ok || answer.intent !== "move" || !("direction" in answer)) return;
    // Runs again when the revalidated list arrives: the row is then at its new place.
    const index = pictures.findIndex((p) => p.path === answer.path);
    const row = index < 0 ? undefined : (list.current?.children[index] as HTMLElement | undefined);
    const button = row?.querySelector<HTMLButtonElement>(`[data-move="${answer.direction}"]`);
    (button && !button.disabled
      ? button
      : row?.querySelector<HTMLButtonElement>("[data-move]:not(:disabled)")
    )?.focus();
  }, [answer, pictures]);

  const done =
    answer?.ok === true
      ? answer.intent === "upload" && "added" in answer
        ? t("admin.images.done.upload", { count: answer.added })
        : "changed" in answer && !answer.changed
          ? t("admin.images.done.unchanged")
          : t(`admin.images.done.${answer.intent}`)
      : undefined;
  const refusals = answer && "refusals" in answer ? (answer.refusals ?? []) : [];

  return (
    <AdminPage title={t("admin.images.title_of", { brand: product.brand, name: product.name, id: product.id })}>
      <p>{t("admin.images.intro")}</p>
      {done ? <FormMessage>{done}</FormMessage> : null}
      {refusals.length > 0 ? (
        <div className="admin-message admin-message--error" role="alert">
          <p>{t("admin.images.refused_title", { count: refusals.length })}</p>
          <ul>
            {refusals.map((r) => (
              <li key={r.name}>
                <strong>{r.name}</strong>: {t(`admin.images.refusal.${r.reason}`, { ...limits, detail: r.detail })}
              </li>
            ))}
          </ul>
        </div>
      ) : answer && !answer.ok ? (
        <FormMessage error>{t(`admin.images.error.${answer.error}`, { detail: answer.detail })}</FormMessage>
      ) : null}
      <UploadForm maxMegabytes={limits.max} />
      <section aria-labelledby="pictures-heading" className="admin-section">
        <h2 id="pictures-heading">{t("admin.images.list_title", { count: pictures.length })}</h2>
        {pictures.length === 0 ? (
          <p>{t("admin.images.empty")}</p>
        ) : (
          <ol className="admin-images" ref={list}>
            {pictures.map((picture, index) => (
              <PictureRow key={picture.path} picture={picture} index={index} count={pictures.length} />
            ))}
          </ol>
        )}
      </section>
    </AdminPage>
  );
}
