import {
  deleteRedirect,
  findContentPage,
  listRedirects,
  REDIRECT_STATUS_CODES,
  type Redirect,
  type RedirectResult,
  saveRedirect,
  traceRedirect,
} from "@vitrine/commerce";
import { SHOPS, STORE_CODES } from "@vitrine/commerce/shops";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff, staffCtx } from "../../lib/admin/staff.server.ts";
import { invalidForm, refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/redirects";
import "../../styles/admin-orders.css";
import "../../styles/admin-marketing.css";

/**
 * Redirects (owners and merchandisers): list, add, change, remove, and a "where does this path go" test that
 * answers what the shop does with a path right now. Targets are paths on this shop only (no open redirect).
 * Every change is audited and published as a `redirect.changed` event; the shop reads redirects on each request.
 */

function testOf(url: string): { store: string; path: string } | undefined {
  const params = new URL(url).searchParams;
  const path = params.get("path")?.trim();
  if (!path) return undefined;
  const store = params.get("store") ?? "de";
  return { store: STORE_CODES.includes(store as never) ? store : "de", path: path.slice(0, 500) };
}

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { area: "marketing" });
  const ctx = staffCtx(args);
  const redirects = await listRedirects(ctx);
  const test = testOf(args.request.url);
  let result:
    | { store: string; path: string; hops: Redirect[]; finalPath: string; loop: boolean; contentPage: string | null }
    | undefined;
  if (test) {
    const trace = await traceRedirect(ctx, test.store, test.path);
    const language = SHOPS.find((s) => s.code === test.store)?.language ?? "de";
    const slug = test.path.split(/[?#]/)[0]?.replace(/^\/+|\/+$/g, "") ?? "";
    // A content page with that slug answers before any redirect (the catch-all route's order).
    const page = slug ? await findContentPage(ctx, language, slug) : undefined;
    result = { ...test, ...trace, contentPage: page?.publishedBlocks ? page.title : null };
  }
  return { redirects, test: result, statusCodes: [...REDIRECT_STATUS_CODES] };
}

const field = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/** The form's wording of a refused field (the service's detail names it: `target: …`). */
function errorOf(result: Extract<RedirectResult, { ok: false }>): string {
  if (result.error !== "InvalidInput") return result.error;
  if (result.detail.startsWith("target: must not be the source")) return "same";
  const field = result.detail.split(":")[0];
  return field === "target" || field === "sourcePath" || field === "storeCode" || field === "statusCode"
    ? field
    : result.error;
}

function answer(intent: string, id: string, result: RedirectResult) {
  if (!result.ok) return refused({ intent, id, error: errorOf(result), detail: result.detail }, result);
  return { intent, id, ok: true as const, source: result.redirect.sourcePath };
}

export async function action(args: Route.ActionArgs) {
  const { actor, ctx } = await requireStaff(args, { area: "marketing" });
  const form = await args.request.formData();
  const intent = field(form, "intent");
  const id = field(form, "id");
  const input = () => ({
    sourcePath: field(form, "sourcePath"),
    target: field(form, "target"),
    storeCode: field(form, "storeCode") || "*",
    statusCode: Number(field(form, "statusCode") || 301),
  });
  if (intent === "add") return answer(intent, "", await saveRedirect(ctx, actor, input()));
  if (intent === "save" && /^\d+$/.test(id))
    return answer(intent, id, await saveRedirect(ctx, actor, input(), Number(id)));
  if (intent === "remove" && /^\d+$/.test(id)) return answer(intent, id, await deleteRedirect(ctx, actor, Number(id)));
  return refused({ intent, id, error: "InvalidInput", detail: "" }, invalidForm(intent));
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.nav.redirects");

type Answer =
  | { intent: string; id: string; ok: true; source: string }
  | { intent: string; id: string; ok?: undefined; error: string; detail: string };

function StoreSelect({
  name,
  value,
  label,
  form,
  id,
}: {
  name: string;
  value: string;
  label?: string;
  form?: string;
  id?: string;
}) {
  const t = useAdminT();
  return (
    <select name={name} defaultValue={value} aria-label={label} form={form} id={id}>
      <option value="*">{t("admin.redirects.every_store")}</option>
      {STORE_CODES.map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </select>
  );
}

function StatusSelect({ value, label, form, id }: { value: number; label?: string; form?: string; id?: string }) {
  const statusCodes = useLoaderData<typeof loader>().statusCodes;
  return (
    <select name="statusCode" defaultValue={String(value)} aria-label={label} form={form} id={id}>
      {statusCodes.map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </select>
  );
}

function RedirectRow({ redirect }: { redirect: Redirect }) {
  const t = useAdminT();
  const formId = `redirect-${redirect.id}`;
  const source = redirect.sourcePath;
  return (
    <tr data-redirect-id={redirect.id}>
      <td>
        <input
          form={formId}
          type="text"
          name="sourcePath"
          required
          maxLength={500}
          defaultValue={source}
          aria-label={t("admin.redirects.source_of", { source })}
        />
      </td>
      <td>
        <StoreSelect
          form={formId}
          name="storeCode"
          value={redirect.storeCode}
          label={t("admin.redirects.store_of", { source })}
        />
      </td>
      <td>
        <input
          form={formId}
          type="text"
          name="target"
          required
          maxLength={2000}
          defaultValue={redirect.target}
          aria-label={t("admin.redirects.target_of", { source })}
        />
      </td>
      <td>
        <StatusSelect form={formId} value={redirect.statusCode} label={t("admin.redirects.status_of", { source })} />
      </td>
      <td>
        <div className="admin-marketing__row-actions">
          <AdminForm id={formId} className="admin-inline-form">
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="id" value={redirect.id} />
            <button
              type="submit"
              className="admin-button admin-button--small"
              aria-label={t("admin.redirects.save_of", { source })}
            >
              {t("admin.redirects.save")}
            </button>
          </AdminForm>
          <AdminForm className="admin-inline-form">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="id" value={redirect.id} />
            <button
              type="submit"
              className="admin-button admin-button--small admin-button--plain"
              aria-label={t("admin.redirects.remove_of", { source })}
            >
              {t("admin.redirects.remove")}
            </button>
          </AdminForm>
        </div>
      </td>
    </tr>
  );
}

function PathTest({ test }: { test: Route.ComponentProps["loaderData"]["test"] }) {
  const t = useAdminT();
  const navigation = useNavigation();
  const testing = navigation.state === "loading" && navigation.location?.search.includes("path=");
  return (
    <section aria-labelledby="test-heading" className="admin-section">
      <h2 id="test-heading">{t("admin.redirects.test_title")}</h2>
      <Form method="get" className="admin-form admin-form--row">
        <label className="admin-field">
          <span>{t("admin.redirects.col.store")}</span>
          <select name="store" defaultValue={test?.store ?? "de"}>
            {STORE_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field admin-field--wide">
          <span>{t("admin.redirects.test_path")}</span>
          <input
            type="text"
            name="path"
            required
            maxLength={500}
            placeholder="/old-sale/"
            defaultValue={test?.path ?? ""}
          />
        </label>
        <button type="submit" className="admin-button" aria-busy={testing || undefined}>
          {testing ? t("admin.redirects.testing") : t("admin.redirects.test")}
        </button>
      </Form>
      {test ? (
        <div className="admin-marketing__result" role="status" aria-live="polite">
          {test.contentPage ? (
            <p>{t("admin.redirects.result.content_page", { path: test.path, title: test.contentPage })}</p>
          ) : test.hops.length === 0 ? (
            <p>{t("admin.redirects.result.none", { path: test.path, store: test.store })}</p>
          ) : (
            <>
              <ol className="admin-marketing__hops">
                {test.hops.map((hop) => (
                  <li key={hop.id}>
                    <code>{hop.sourcePath}</code> → <code>{hop.target}</code> ({hop.statusCode},{" "}
                    {hop.storeCode === "*" ? t("admin.redirects.every_store") : hop.storeCode})
                  </li>
                ))}
              </ol>
              <p>
                {test.loop
                  ? t("admin.redirects.result.loop")
                  : t("admin.redirects.result.ends", { path: `/${test.store}${test.finalPath}` })}
              </p>
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}

export default function AdminRedirects({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const { redirects, test } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  return (
    <AdminPage title={t("admin.nav.redirects")}>
      <p>{t("admin.redirects.intro")}</p>
      {answer?.ok ? (
        <FormMessage>{t(`admin.redirects.done.${answer.intent}`, { source: answer.source })}</FormMessage>
      ) : null}
      {answer && !answer.ok ? (
        <FormMessage error>{t(`admin.redirects.error.${answer.error}`, { detail: answer.detail })}</FormMessage>
      ) : null}
      <PathTest test={test} />
      <section aria-labelledby="add-heading" className="admin-section">
        <h2 id="add-heading">{t("admin.redirects.add_title")}</h2>
        <AdminForm
          className="admin-form admin-form--row"
          key={answer?.ok && answer.intent === "add" ? answer.source : "add"}
        >
          <input type="hidden" name="intent" value="add" />
          <label className="admin-field">
            <span>{t("admin.redirects.col.source")}</span>
            <input type="text" name="sourcePath" required maxLength={500} placeholder="/old-sale/" pattern="/\S*" />
          </label>
          <div className="admin-field">
            <label htmlFor="add-store">{t("admin.redirects.col.store")}</label>
            <StoreSelect id="add-store" name="storeCode" value="*" />
          </div>
          <label className="admin-field">
            <span>{t("admin.redirects.col.target")}</span>
            <input type="text" name="target" required maxLength={2000} placeholder="/c/sale/" />
          </label>
          <div className="admin-field">
            <label htmlFor="add-status">{t("admin.redirects.col.status")}</label>
            <StatusSelect id="add-status" value={301} />
          </div>
          <button type="submit" className="admin-button">
            {t("admin.redirects.add")}
          </button>
        </AdminForm>
        <p className="admin-marketing__hint">{t("admin.redirects.target_hint")}</p>
      </section>
      <section aria-labelledby="list-heading" className="admin-section">
        <h2 id="list-heading">{t("admin.redirects.list_title", { count: redirects.length })}</h2>
        {redirects.length === 0 ? (
          <p>{t("admin.redirects.empty")}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-marketing__table">
              <thead>
                <tr>
                  <th scope="col">{t("admin.redirects.col.source")}</th>
                  <th scope="col">{t("admin.redirects.col.store")}</th>
                  <th scope="col">{t("admin.redirects.col.target")}</th>
                  <th scope="col">{t("admin.redirects.col.status")}</th>
                  <th scope="col">
                    <span className="admin-visually-hidden">{t("admin.redirects.col.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {redirects.map((redirect) => (
                  <RedirectRow key={redirect.id} redirect={redirect} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </AdminPage>
  );
}
