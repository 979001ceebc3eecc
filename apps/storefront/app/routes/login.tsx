import {
  convertGuestCustomer,
  guestConversionEmail,
  signIn,
  signOut,
  signUp,
  subscribeNewsletter,
} from "@vitrine/commerce";
import { Form, redirect, useNavigation } from "react-router";
import { FormField, FormMessage } from "../components/account/FormField.tsx";
import { Button } from "../components/Button.tsx";
import { Link } from "../components/Link.tsx";
import { useT } from "../i18n/i18n.tsx";
import { echoValues, type FormFailure, formText, issueFor, valueFor } from "../lib/account-forms.ts";
import {
  accountsContext,
  CONVERT_COOKIE,
  clientRequest,
  getCustomer,
  mergeGuestData,
  redirectTarget,
  retryAfterHeaders,
} from "../lib/auth.server.ts";
import { metaTranslator, pageMeta } from "../lib/meta.ts";
import { deliverMailSoon } from "../lib/orders.server.ts";
import { formRefused, refusal } from "../lib/refusal.server.ts";
import { isHttps, safeRedirectPath, serializeCookie } from "../lib/security.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { localizedPath, readCookie } from "../lib/store.ts";
import type { Route } from "./+types/login";
import "../styles/account.css";

export const handle = { pageType: "login" };
export const headers = retryAfterHeaders;

type Mode = "sign-in" | "register" | "convert";
const NOTICES = { reset: "reset_done", "signed-out": "signed_out" } as const;

/**
 * Sign-in, and sign-up with `?register=true` (specification section 2). A signed-in shopper is sent on to
 * `redirectUrl` (a path on this site) or the account. A guest customer who followed the link of the "keep your
 * account" mail (its token in a cookie, set by /login/callback/) sets a password here instead of signing up.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const url = new URL(request.url);
  const customer = await getCustomer(store, request);
  if (customer && !customer.isGuestCustomer) {
    throw redirect(redirectTarget(request, localizedPath(store.shop, "/account/")));
  }
  const register = url.searchParams.get("register") === "true";
  const token = register ? readCookie(request.headers.get("cookie"), CONVERT_COOKIE) : undefined;
  const guestEmail = token ? await guestConversionEmail(accountsContext(store, request), token) : null;
  const notice = (Object.keys(NOTICES) as (keyof typeof NOTICES)[]).find((key) => url.searchParams.has(key));
  return {
    mode: (register ? (guestEmail ? "convert" : "register") : "sign-in") as Mode,
    redirectUrl: safeRedirectPath(url.searchParams.get("redirectUrl"), "") || null,
    guestEmail,
    notice: notice ? NOTICES[notice] : null,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = metaTranslator(matches.filter((m) => m !== undefined));
  const key = loaderData?.mode === "sign-in" ? "account.login.title" : "account.register.title";
  return pageMeta(matches, { title: t?.(key), robots: "noindex, follow" });
};

export async function action({ request, context }: Route.ActionArgs) {
  const store = storeRequest(context);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const ctx = accountsContext(store, request);
  const client = clientRequest(request, store.services.config);
  const next = safeRedirectPath(formText(form, "redirectUrl"), localizedPath(store.shop, "/account/"));

  if (intent === "sign-out") {
    const { setCookies } = await signOut(ctx, request.headers);
    for (const cookie of setCookies) store.setCookie(cookie);
    throw redirect(localizedPath(store.shop, "/"));
  }

  if (intent === "sign-in") {
    const values = echoValues(form, ["email"]);
    const result = await signIn(ctx, client, { email: formText(form, "email"), password: formText(form, "password") });
    if (!result.ok) {
      // A failure may have queued the owner's alert about failed sign-ins.
      if (result.error !== "rate_limited") deliverMailSoon(store.services);
      return formRefused(intent, result, { values });
    }
    for (const cookie of result.setCookies) store.setCookie(cookie);
    await mergeGuestData(store, result.customer.id);
    throw redirect(next);
  }

  if (intent === "sign-up") {
    const values = echoValues(form, ["email", "firstName", "lastName"]);
    const result = await signUp(ctx, client, {
      email: formText(form, "email"),
      password: formText(form, "password"),
      firstName: formText(form, "firstName"),
      lastName: formText(form, "lastName"),
    });
    if (!result.ok) return formRefused(intent, result, { values });
    for (const cookie of result.setCookies) store.setCookie(cookie);
    if (form.get("newsletter") === "on") await subscribeNewsletter(ctx, result.customer.id, store.shop.language);
    await mergeGuestData(store, result.customer.id);
    throw redirect(next);
  }

  if (intent === "convert") {
    const token = readCookie(request.headers.get("cookie"), CONVERT_COOKIE) ?? "";
    const result = await convertGuestCustomer(ctx, client, { token, password: formText(form, "password") });
    if (!result.ok && result.error === "invalid") return formRefused(intent, result);
    store.setCookie(
      serializeCookie(CONVERT_COOKIE, "", {
        maxAge: 0,
        path: localizedPath(store.shop, "/login/"),
        secure: isHttps(request, store.services.config),
      }),
    );
    // Without a working link: the reset form, which also turns a guest customer into an account.
    if (!result.ok) throw redirect(`${localizedPath(store.shop, "/login/reset-password/")}?error=invalid-link`);
    for (const cookie of result.setCookies) store.setCookie(cookie);
    await mergeGuestData(store, result.customer.id);
    throw redirect(next);
  }

  return formRefused(intent, refusal("unknown_intent"));
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { mode, redirectUrl, notice } = loaderData;
  const back = redirectUrl ? `&redirectUrl=${encodeURIComponent(redirectUrl)}` : "";
  return (
    <main id="main" className="page account-auth">
      {notice ? <FormMessage kind="success">{t(`account.notice.${notice}`)}</FormMessage> : null}
      <div className={`account-auth__grid${mode === "convert" ? " account-auth__grid--single" : ""}`}>
        {mode === "sign-in" ? (
          <>
            <SignInForm failure={actionData} redirectUrl={redirectUrl} />
            <section className="account-auth__aside" aria-labelledby="register-teaser">
              <h2 id="register-teaser">{t("account.login.new_customer")}</h2>
              <ul className="account-benefits">
                <li>{t("account.benefit.orders")}</li>
                <li>{t("account.benefit.addresses")}</li>
                <li>{t("account.benefit.wishlist")}</li>
                <li>{t("account.benefit.fashion_card")}</li>
              </ul>
              <Button to={`/login/?register=true${back}`} variant="secondary" fullWidth>
                {t("account.login.create_account")}
              </Button>
            </section>
          </>
        ) : mode === "register" ? (
          <>
            <RegisterForm failure={actionData} redirectUrl={redirectUrl} />
            <section className="account-auth__aside" aria-labelledby="sign-in-teaser">
              <h2 id="sign-in-teaser">{t("account.register.have_account")}</h2>
              <p>{t("account.register.have_account_text")}</p>
              <Button
                to={`/login/${redirectUrl ? `?redirectUrl=${encodeURIComponent(redirectUrl)}` : ""}`}
                variant="secondary"
                fullWidth
              >
                {t("account.login.submit")}
              </Button>
            </section>
          </>
        ) : (
          <ConvertForm failure={actionData} redirectUrl={redirectUrl} email={loaderData.guestEmail ?? ""} />
        )}
      </div>
    </main>
  );
}

function useBusy(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function SignInForm({ failure, redirectUrl }: { failure: FormFailure | undefined; redirectUrl: string | null }) {
  const t = useT();
  const busy = useBusy("sign-in");
  const error = failure?.intent === "sign-in" ? failure.error : undefined;
  return (
    <section className="account-card account-auth__main" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t("account.login.title")}</h1>
      <p className="account-card__lead">{t("account.login.lead")}</p>
      {error ? <FormMessage kind="error">{t(`account.error.${error}`, failure?.errorValues)}</FormMessage> : null}
      <Form method="post" className="account-form" noValidate>
        <input type="hidden" name="intent" value="sign-in" />
        {redirectUrl ? <input type="hidden" name="redirectUrl" value={redirectUrl} /> : null}
        <FormField
          form="sign-in"
          name="email"
          type="email"
          label={t("account.field.email")}
          autoComplete="email"
          required
          defaultValue={valueFor(failure, "sign-in", "email")}
        />
        <FormField
          form="sign-in"
          name="password"
          type="password"
          label={t("account.field.password")}
          autoComplete="current-password"
          required
        />
        <p className="account-form__aside">
          <Link to="/login/reset-password/">{t("account.login.forgot_password")}</Link>
        </p>
        <Button type="submit" fullWidth loading={busy}>
          {t("account.login.submit")}
        </Button>
      </Form>
    </section>
  );
}

function RegisterForm({ failure, redirectUrl }: { failure: FormFailure | undefined; redirectUrl: string | null }) {
  const t = useT();
  const busy = useBusy("sign-up");
  const error = failure?.intent === "sign-up" ? failure.error : undefined;
  const field = (name: string) => ({
    issue: issueFor(failure, "sign-up", name),
    defaultValue: valueFor(failure, "sign-up", name),
  });
  return (
    <section className="account-card account-auth__main" aria-labelledby="register-title">
      <h1 id="register-title">{t("account.register.title")}</h1>
      <p className="account-card__lead">{t("account.register.lead")}</p>
      {error ? (
        <FormMessage kind="error">
          {t(`account.error.${error}`, failure?.errorValues)}{" "}
          {error === "email_taken" ? (
            <Link to="/login/reset-password/">{t("account.login.forgot_password")}</Link>
          ) : null}
        </FormMessage>
      ) : null}
      <Form method="post" className="account-form" noValidate>
        <input type="hidden" name="intent" value="sign-up" />
        {redirectUrl ? <input type="hidden" name="redirectUrl" value={redirectUrl} /> : null}
        <div className="account-form__row">
          <FormField
            form="sign-up"
            name="firstName"
            label={t("account.field.first_name")}
            autoComplete="given-name"
            required
            {...field("firstName")}
          />
          <FormField
            form="sign-up"
            name="lastName"
            label={t("account.field.last_name")}
            autoComplete="family-name"
            required
            {...field("lastName")}
          />
        </div>
        <FormField
          form="sign-up"
          name="email"
          type="email"
          label={t("account.field.email")}
          autoComplete="email"
          required
          {...field("email")}
        />
        <FormField
          form="sign-up"
          name="password"
          type="password"
          label={t("account.field.password")}
          autoComplete="new-password"
          required
          minLength={8}
          hint={t("account.field.password_hint", { min: 8 })}
          issue={issueFor(failure, "sign-up", "password")}
        />
        <label className="account-check">
          <input type="checkbox" name="newsletter" />
          <span>{t("account.register.newsletter")}</span>
        </label>
        <Button type="submit" fullWidth loading={busy}>
          {t("account.register.submit")}
        </Button>
      </Form>
    </section>
  );
}

function ConvertForm({
  failure,
  redirectUrl,
  email,
}: {
  failure: FormFailure | undefined;
  redirectUrl: string | null;
  email: string;
}) {
  const t = useT();
  const busy = useBusy("convert");
  return (
    <section className="account-card account-auth__main" aria-labelledby="convert-title">
      <h1 id="convert-title">{t("account.convert.title")}</h1>
      <p className="account-card__lead">{t("account.convert.lead", { email })}</p>
      <Form method="post" className="account-form" noValidate>
        <input type="hidden" name="intent" value="convert" />
        {redirectUrl ? <input type="hidden" name="redirectUrl" value={redirectUrl} /> : null}
        <FormField
          form="convert"
          name="password"
          type="password"
          label={t("account.field.new_password")}
          autoComplete="new-password"
          required
          minLength={8}
          hint={t("account.field.password_hint", { min: 8 })}
          issue={issueFor(failure, "convert", "password")}
        />
        <Button type="submit" fullWidth loading={busy}>
          {t("account.convert.submit")}
        </Button>
      </Form>
    </section>
  );
}
