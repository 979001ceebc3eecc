import { MAINTENANCE_MESSAGE_MAX, maintenanceState, switchMaintenance } from "@vitrine/commerce";
import { useActionData } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff, staffCtx } from "../../lib/admin/staff.server.ts";
import { invalidForm, refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/maintenance";
import "../../styles/admin-orders.css";
import "../../styles/admin-marketing.css";

/**
 * Maintenance mode (owners only): while it is on, every shop page redirects to the maintenance page (503), which
 * shows the message given here. Audited and published; every process reads the switch again within a second.
 * The back office stays open.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { area: "maintenance" });
  return { state: await maintenanceState(staffCtx(args)), messageMax: MAINTENANCE_MESSAGE_MAX };
}

export async function action(args: Route.ActionArgs) {
  const { actor, ctx } = await requireStaff(args, { area: "maintenance" });
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const message = String(form.get("message") ?? "");
  if (intent !== "on" && intent !== "off" && intent !== "message")
    return refused({ intent, error: "InvalidInput", detail: "" }, invalidForm(intent));
  const current = await maintenanceState(ctx);
  const on = intent === "message" ? current.on : intent === "on";
  const result = await switchMaintenance(ctx, actor, { on, message });
  if (!result.ok) return refused({ intent, error: result.error, detail: result.detail }, result);
  return { intent, ok: true as const, on: result.state.on, changed: result.changed };
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.nav.maintenance");

type Answer =
  | { intent: string; ok: true; on: boolean; changed: boolean }
  | { intent: string; ok?: undefined; error: string; detail: string };

export default function AdminMaintenance({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const { state, messageMax } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  return (
    <AdminPage title={t("admin.nav.maintenance")}>
      <p>{t("admin.maintenance.intro")}</p>
      {answer?.ok ? (
        <FormMessage>
          {t(
            answer.changed
              ? answer.on
                ? "admin.maintenance.done.on"
                : "admin.maintenance.done.off"
              : "admin.maintenance.done.unchanged",
          )}
        </FormMessage>
      ) : null}
      {answer && !answer.ok ? (
        <FormMessage error>{t("admin.maintenance.error", { detail: answer.detail })}</FormMessage>
      ) : null}
      <section aria-labelledby="state-heading" className="admin-section">
        <h2 id="state-heading">{t("admin.maintenance.state_title")}</h2>
        <p className={state.on ? "admin-marketing__state admin-marketing__state--on" : "admin-marketing__state"}>
          {t(state.on ? "admin.maintenance.is_on" : "admin.maintenance.is_off")}
        </p>
        <AdminForm className="admin-form">
          <label className="admin-field admin-field--wide">
            <span>{t("admin.maintenance.message")}</span>
            <textarea name="message" rows={3} maxLength={messageMax} defaultValue={state.message} />
          </label>
          <p className="admin-marketing__hint">{t("admin.maintenance.message_hint")}</p>
          <div className="admin-actions">
            {state.on ? (
              <>
                <button type="submit" name="intent" value="off" className="admin-button">
                  {t("admin.maintenance.switch_off")}
                </button>
                <button type="submit" name="intent" value="message" className="admin-button admin-button--plain">
                  {t("admin.maintenance.save_message")}
                </button>
              </>
            ) : (
              <button type="submit" name="intent" value="on" className="admin-button admin-button--danger">
                {t("admin.maintenance.switch_on")}
              </button>
            )}
          </div>
        </AdminForm>
      </section>
    </AdminPage>
  );
}
