import { completeStaffSetup, createStaffSession, staffSetup } from "@vitrine/commerce";
import { data, useActionData } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { adminTitle } from "../../components/admin/Page.tsx";
import { AdminPlain, FormMessage } from "../../components/admin/Plain.tsx";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { staffClient, staffCtx, staffSessionCookie } from "../../lib/admin/staff.server.ts";
import { retryAfterHeaders } from "../../lib/auth.server.ts";
import { formRefused, refusal, refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/setup";

/**
 * The single-use set-up link (`vitrine staff add`, an owner's invitation): choose a password, add the key to an
 * authenticator app (QR code or the key as text) and confirm it with a code. The backup codes are shown once; the
 * staff member is signed in.
 */
/** The link's token (the page answers with `Referrer-Policy: same-origin`: it never leaves the shop). */
function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

// Requests whose action has just used the link: the page shows the backup codes, not "this link is used up".
const completed = new WeakSet<object>();

export async function loader(args: Route.LoaderArgs) {
  if (completed.has(args.context)) return { valid: false as const };
  const setup = await staffSetup(staffCtx(args), tokenOf(args.request));
  if (!setup) return refused({ valid: false as const }, refusal("invalid_token"));
  return {
    valid: true as const,
    email: setup.staff.email,
    name: setup.staff.name,
    secret: setup.secret,
    qrDataUrl: setup.qrDataUrl,
  };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const password = String(form.get("password") ?? "");
  if (password !== String(form.get("confirm") ?? "")) {
    return formRefused("setup", { ok: false, error: "invalid", issues: [{ field: "confirm", code: "differs" }] });
  }
  const result = await completeStaffSetup(staffCtx(args), {
    token: tokenOf(args.request),
    password,
    code: String(form.get("code") ?? ""),
    name: String(form.get("name") ?? ""),
    clientAddress: staffClient(args).clientAddress,
  });
  if (!result.ok) return formRefused("setup", result);
  // Signed in at once: the code just proved the second factor.
  completed.add(args.context);
  const session = await createStaffSession(staffCtx(args), result.staff.id, staffClient(args));
  return data(
    { done: true as const, backupCodes: result.backupCodes },
    { headers: { "set-cookie": staffSessionCookie(args, session.token) } },
  );
}

/** A 429 keeps its Retry-After on the page. */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.setup.title");

type SetupAnswer =
  | { done: true; backupCodes: string[] }
  | { error?: string; issues?: { field: string; code: string }[]; errorValues?: Record<string, number> };

export default function Setup({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const answer = useActionData() as SetupAnswer | undefined;
  if (answer && "done" in answer) {
    return (
      <AdminPlain title={t("admin.setup.done_title")}>
        <p>{t("admin.setup.backup_intro")}</p>
        <ul className="admin-backup-codes" aria-label={t("admin.setup.backup_label")}>
          {answer.backupCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <p>
          <a className="admin-button" href="/admin/">
            {t("admin.setup.continue")}
          </a>
        </p>
      </AdminPlain>
    );
  }
  if (!loaderData.valid) {
    return (
      <AdminPlain title={t("admin.setup.title")}>
        <FormMessage error>{t("admin.setup.invalid_link")}</FormMessage>
        <p>
          <a href="/admin/sign-in/">{t("admin.sign_in.title")}</a>
        </p>
      </AdminPlain>
    );
  }
  const issue = (field: string) => answer?.issues?.find((i) => i.field === field)?.code;
  return (
    <AdminPlain title={t("admin.setup.title")}>
      <p>{t("admin.setup.intro", { email: loaderData.email })}</p>
      {answer?.error && answer.error !== "invalid" ? (
        <FormMessage error>
          {answer.error === "rate_limited"
            ? t("admin.error.rate_limited", answer.errorValues)
            : t(`admin.setup.error.${answer.error}`)}
        </FormMessage>
      ) : null}
      <AdminForm className="admin-form">
        <label className="admin-field">
          <span>{t("admin.field.name")}</span>
          <input type="text" name="name" autoComplete="name" required defaultValue={loaderData.name} maxLength={100} />
        </label>
        <label className="admin-field">
          <span>{t("admin.field.new_password")}</span>
          <input
            type="password"
            name="password"
            autoComplete="new-password"
            required
            minLength={12}
            aria-invalid={issue("password") ? true : undefined}
            aria-describedby="password-hint"
          />
          <small id="password-hint">
            {issue("password") ? t(`admin.setup.issue.${issue("password")}`) : t("admin.setup.password_hint")}
          </small>
        </label>
        <label className="admin-field">
          <span>{t("admin.field.confirm_password")}</span>
          <input
            type="password"
            name="confirm"
            autoComplete="new-password"
            required
            aria-invalid={issue("confirm") ? true : undefined}
            aria-describedby={issue("confirm") ? "confirm-issue" : undefined}
          />
          {issue("confirm") ? <small id="confirm-issue">{t("admin.setup.issue.differs")}</small> : null}
        </label>
        <fieldset className="admin-totp">
          <legend>{t("admin.setup.totp_legend")}</legend>
          <p>{t("admin.setup.totp_intro")}</p>
          <img src={loaderData.qrDataUrl} alt={t("admin.setup.qr_alt")} width={180} height={180} />
          <p>
            {t("admin.setup.secret_label")} <code data-totp-secret="">{loaderData.secret}</code>
          </p>
          <label className="admin-field">
            <span>{t("admin.field.code")}</span>
            <input
              type="text"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              pattern="[0-9 ]{6,7}"
            />
          </label>
        </fieldset>
        <button type="submit" className="admin-button">
          {t("admin.setup.submit")}
        </button>
      </AdminForm>
    </AdminPlain>
  );
}
