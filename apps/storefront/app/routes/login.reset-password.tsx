import { isPasswordResetTokenValid, requestPasswordReset, resetPassword } from "@vitrine/commerce";
import { Form, redirect, useNavigation } from "react-router";
import { FormField, FormMessage } from "../components/account/FormField.tsx";
import { Button } from "../components/Button.tsx";
import { Link } from "../components/Link.tsx";
import { useT } from "../i18n/i18n.tsx";
import { echoValues, formText, issueFor, valueFor } from "../lib/account-forms.ts";
import { accountsContext, clientRequest, RESET_COOKIE, retryAfterHeaders } from "../lib/auth.server.ts";
import { metaTranslator, pageMeta } from "../lib/meta.ts";
import { fieldIssues, formRefused, refusal } from "../lib/refusal.server.ts";
import { isHttps, serializeCookie } from "../lib/security.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { localizedPath, readCookie } from "../lib/store.ts";
import type { Route } from "./+types/login.reset-password";
import "../styles/account.css";

export const handle = { pageType: "login" };
export const headers = retryAfterHeaders;

/**
 * Password reset by e-mail: without a reset token the shopper asks for a link (the answer is the same whether
 * or not the address has an account); with the token from the link (a cookie set by /login/callback/) they set
 * a new password. The token works once and expires after an hour.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const url = new URL(request.url);
  const token = readCookie(request.headers.get("cookie"), RESET_COOKIE);
  const valid = token ? await isPasswordResetTokenValid(accountsContext(store, request), token) : false;
  return {
    mode: valid ? ("set-password" as const) : ("request" as const),
    sent: url.searchParams.has("sent"),
    invalidLink: url.searchParams.get("error") === "invalid-link" || (!!token && !valid),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches.filter((m) => m !== undefined));
  return pageMeta(matches, { title: t?.("account.reset.title"), robots: "noindex, follow" });
};

export async function action({ request, context }: Route.ActionArgs) {
  const store = storeRequest(context);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const ctx = accountsContext(store, request);
  const page = localizedPath(store.shop, "/login/reset-password/");
  const clearToken = serializeCookie(RESET_COOKIE, "", {
    maxAge: 0,
    path: localizedPath(store.shop, "/login/"),
    secure: isHttps(request, store.services.config),
  });

  if (intent === "request") {
    const values = echoValues(form, ["email"]);
    const result = await requestPasswordReset(ctx, clientRequest(request, store.services.config), {
      email: formText(form, "email"),
      callbackPath: localizedPath(store.shop, "/login/callback/"),
    });
    if (!result.ok) return formRefused(intent, result, { values });
    throw redirect(`${page}?sent=1`);
  }

  if (intent === "set-password") {
    const token = readCookie(request.headers.get("cookie"), RESET_COOKIE) ?? "";
    const password = formText(form, "newPassword");
    if (password !== formText(form, "confirmPassword")) {
      return formRefused(intent, fieldIssues([{ field: "confirmPassword", code: "passwords_differ" }]));
    }
    const result = await resetPassword(ctx, { token, newPassword: password });
    if (!result.ok) {
      if (result.error === "invalid") return formRefused(intent, result);
      store.setCookie(clearToken);
      throw redirect(`${page}?error=invalid-link`);
    }
    store.setCookie(clearToken);
    throw redirect(`${localizedPath(store.shop, "/login/")}?reset=done`);
  }

  return formRefused(intent, refusal("unknown_intent"));
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failure = actionData;
  return (
    <main id="main" className="page account-auth">
      <div className="account-auth__grid account-auth__grid--single">
        <section className="account-card account-auth__main" aria-labelledby="reset-title">
          {loaderData.mode === "set-password" ? (
            <>
              <h1 id="reset-title">{t("account.reset.set_title")}</h1>
              <p className="account-card__lead">{t("account.reset.set_lead")}</p>
              <Form method="post" className="account-form" noValidate>
                <input type="hidden" name="intent" value="set-password" />
                <FormField
                  form="reset"
                  name="newPassword"
                  type="password"
                  label={t("account.field.new_password")}
                  autoComplete="new-password"
                  required
                  minLength={8}
                  hint={t("account.field.password_hint", { min: 8 })}
                  issue={issueFor(failure, "set-password", "newPassword")}
                />
                <FormField
                  form="reset"
                  name="confirmPassword"
                  type="password"
                  label={t("account.field.confirm_password")}
                  autoComplete="new-password"
                  required
                  issue={issueFor(failure, "set-password", "confirmPassword")}
                />
                <Button type="submit" fullWidth loading={busy}>
                  {t("account.reset.set_submit")}
                </Button>
              </Form>
            </>
          ) : (
            <>
              <h1 id="reset-title">{t("account.reset.title")}</h1>
              {loaderData.invalidLink ? (
                <FormMessage kind="error">{t("account.reset.invalid_link")}</FormMessage>
              ) : null}
              {loaderData.sent ? (
                <FormMessage kind="success">{t("account.reset.sent")}</FormMessage>
              ) : (
                <p className="account-card__lead">{t("account.reset.lead")}</p>
              )}
              {failure?.error ? (
                <FormMessage kind="error">{t(`account.error.${failure.error}`, failure.errorValues)}</FormMessage>
              ) : null}
              <Form method="post" className="account-form" noValidate>
                <input type="hidden" name="intent" value="request" />
                <FormField
                  form="reset"
                  name="email"
                  type="email"
                  label={t("account.field.email")}
                  autoComplete="email"
                  required
                  defaultValue={valueFor(failure, "request", "email")}
                  issue={issueFor(failure, "request", "email")}
                />
                <Button type="submit" fullWidth loading={busy}>
                  {t("account.reset.submit")}
                </Button>
              </Form>
            </>
          )}
          <p className="account-form__aside">
            <Link to="/login/">{t("account.reset.back_to_login")}</Link>
          </p>
        </section>
      </div>
    </main>
  );
}
