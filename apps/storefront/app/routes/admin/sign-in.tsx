import { signInStaff } from "@vitrine/commerce";
import { redirect, useActionData, useSearchParams } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { adminTitle } from "../../components/admin/Page.tsx";
import { AdminPlain, FormMessage } from "../../components/admin/Plain.tsx";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import {
  ADMIN_HOME,
  adminRedirectTarget,
  currentStaff,
  staffClient,
  staffCtx,
  staffSessionCookie,
} from "../../lib/admin/staff.server.ts";
import { retryAfterHeaders } from "../../lib/auth.server.ts";
import { formRefused, refusal } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/sign-in";

/** Staff sign in with e-mail, password and the code of their authenticator app (or a backup code). */
export async function loader(args: Route.LoaderArgs) {
  if (await currentStaff(args)) {
    throw redirect(adminRedirectTarget(new URL(args.request.url).searchParams.get("redirectTo"), ADMIN_HOME));
  }
  return null;
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const email = String(form.get("email") ?? "");
  const values = { email };
  const result = await signInStaff(
    staffCtx(args),
    { email, password: String(form.get("password") ?? ""), code: String(form.get("code") ?? "") },
    staffClient(args),
  );
  if (!result.ok) {
    return formRefused("sign-in", result.error === "rate_limited" ? result : refusal("invalid_credentials"), {
      values,
    });
  }
  const target = adminRedirectTarget(new URL(args.request.url).searchParams.get("redirectTo"), ADMIN_HOME);
  return redirect(target, { headers: { "set-cookie": staffSessionCookie(args, result.token) } });
}

/** A 429 keeps its Retry-After on the page. */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.sign_in.title");

export default function SignIn() {
  const t = useAdminT();
  const failure = useActionData<typeof action>() as
    | { error?: string; errorValues?: Record<string, number>; values?: { email: string } }
    | undefined;
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo");
  return (
    <AdminPlain title={t("admin.sign_in.title")}>
      {failure?.error ? (
        <FormMessage error>
          {failure.error === "rate_limited"
            ? t("admin.error.rate_limited", failure.errorValues)
            : t("admin.sign_in.failed")}
        </FormMessage>
      ) : null}
      <AdminForm
        className="admin-form"
        action={redirectTo ? `/admin/sign-in/?redirectTo=${encodeURIComponent(redirectTo)}` : "/admin/sign-in/"}
      >
        <label className="admin-field">
          <span>{t("admin.field.email")}</span>
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            defaultValue={failure?.values?.email ?? ""}
          />
        </label>
        <label className="admin-field">
          <span>{t("admin.field.password")}</span>
          <input type="password" name="password" autoComplete="current-password" required />
        </label>
        <label className="admin-field">
          <span>{t("admin.field.code")}</span>
          <input
            type="text"
            name="code"
            autoComplete="one-time-code"
            inputMode="text"
            required
            aria-describedby="code-hint"
          />
          <small id="code-hint">{t("admin.sign_in.code_hint")}</small>
        </label>
        <button type="submit" className="admin-button">
          {t("admin.sign_in.submit")}
        </button>
      </AdminForm>
    </AdminPlain>
  );
}
