import { listAudit, listProductPictures } from "@vitrine/commerce";
import { Form, Link, redirect } from "react-router";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import { formatAdminDate } from "../../lib/admin/format.ts";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff, staffCtx } from "../../lib/admin/staff.server.ts";
import type { Route } from "./+types/media";
import "../../styles/admin-media.css";

/**
 * The way into a product's pictures: a product number opens `/admin/products/{id}/images/`; below, the products
 * whose pictures changed last (from the audit log).
 */

const RECENT = 200;

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { area: "media" });
  const ctx = staffCtx(args);
  const asked = new URL(args.request.url).searchParams.get("product")?.trim();
  let missing: string | undefined;
  if (asked) {
    const id = Number(asked);
    const found = Number.isSafeInteger(id) && id > 0 ? await listProductPictures(ctx, id) : undefined;
    if (found?.ok) throw redirect(`/admin/products/${id}/images/`);
    missing = asked;
  }
  const { entries } = await listAudit(ctx, { subjectType: "product", limit: RECENT });
  const recent = new Map<string, string>();
  for (const entry of entries) {
    if (entry.action.startsWith("product.images.") && !recent.has(entry.subjectId))
      recent.set(entry.subjectId, entry.at);
  }
  return { missing, recent: [...recent].slice(0, 20).map(([id, at]) => ({ id, at })) };
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.media.title");

export default function AdminMedia({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const { missing, recent } = loaderData;
  return (
    <AdminPage title={t("admin.media.title")}>
      <p>{t("admin.media.intro")}</p>
      {missing ? <FormMessage error>{t("admin.media.not_found", { id: missing })}</FormMessage> : null}
      <section className="admin-section" aria-labelledby="find-heading">
        <h2 id="find-heading" className="admin-visually-hidden">
          {t("admin.media.open")}
        </h2>
        <Form method="get" className="admin-media__find">
          <label className="admin-field">
            <span>{t("admin.media.product")}</span>
            <input type="text" name="product" inputMode="numeric" pattern="[0-9]+" required defaultValue={missing} />
          </label>
          <button type="submit" className="admin-button">
            {t("admin.media.open")}
          </button>
        </Form>
      </section>
      <section className="admin-section" aria-labelledby="recent-heading">
        <h2 id="recent-heading">{t("admin.media.recent")}</h2>
        {recent.length === 0 ? (
          <p>{t("admin.media.recent_empty")}</p>
        ) : (
          <ul>
            {recent.map((r) => (
              <li key={r.id}>
                <Link to={`/admin/products/${r.id}/images/`}>{t("admin.media.recent_entry", { id: r.id })}</Link> ·{" "}
                {formatAdminDate(r.at, t.locale)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </AdminPage>
  );
}
