import {
  changeShopLogo,
  LOGO_MAX_BYTES,
  PAYMENT_METHOD_IDS,
  paymentSettings,
  readShopLogo,
  readShopSettings,
  type SettingsIssue,
  type ShopSettings,
  updateShopSettings,
  validateShopSettings,
} from "@vitrine/commerce";
import { SHIPPING_COUNTRY_CODES } from "@vitrine/commerce/shipping-countries";
import { SHOPS } from "@vitrine/commerce/shops";
import { Fragment, type ReactNode } from "react";
import { useActionData } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff, staffCtx } from "../../lib/admin/staff.server.ts";
import { servicesContext } from "../../lib/context.ts";
import { ALL_PAGES_TAG } from "../../lib/http-cache.ts";
import { invalidForm, refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/settings";
import "../../styles/admin-orders.css";
import "../../styles/admin-catalog.css";
import "../../styles/admin-settings.css";

/**
 * Shop settings (owners only): the shop's name and logo, the legal details of the imprint, the mail sender, the
 * return window, and per store its delivery prices with the free-shipping threshold and the payment methods it
 * offers. One form, every problem shown at once beside its field; a save is audited and published, and every
 * process (pages, checkout, mails) follows within two seconds. The environment's payment configuration (legal
 * name, bank accounts, PAYMENT_METHODS) is shown as it is: the settings narrow it, never widen it.
 */

const LEGAL_FIELDS = ["company", "address", "managingDirector", "register", "vatId", "contact"] as const;
const RATE_FIELDS = ["standard", "express", "freeFrom"] as const;

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { area: "settings" });
  const ctx = staffCtx(args);
  const [settings, logo] = await Promise.all([readShopSettings(ctx), readShopLogo(ctx)]);
  const payment = paymentSettings(ctx.config);
  return {
    settings,
    logo,
    logoMaxBytes: LOGO_MAX_BYTES,
    /** Every payment method there is (the store's list narrows the server's PAYMENT_METHODS). */
    methodIds: [...PAYMENT_METHOD_IDS],
    environment: {
      mailFrom: ctx.config.MAIL_FROM,
      legalName: payment.legalName ?? null,
      accounts: Object.entries(payment.accounts).map(([currency, a]) => ({ currency, ...a })),
      methods: payment.methods,
    },
  };
}

type Values = Record<string, string | string[]>;

type Answer =
  | { intent: string; ok: true; changed: boolean }
  | {
      intent: string;
      ok?: undefined;
      error: string;
      detail: string;
      issues?: Record<string, string>;
      values?: Values;
    };

const PRICE = /^\d{1,6}(?:[.,]\d{1,2})?$/;

/** "4,95" / "4.95" / "4" → 495; undefined when it is not an amount. */
function cents(text: string): number | undefined {
  const value = text.trim();
  if (!PRICE.test(value)) return undefined;
  const [whole, fraction = ""] = value.replace(",", ".").split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** The form as a settings document, and the fields that could not even be read (amounts, numbers). */
function settingsFromForm(form: FormData): { change: unknown; issues: SettingsIssue[] } {
  const text = (name: string) => String(form.get(name) ?? "");
  const issues: SettingsIssue[] = [];
  const stores: Record<string, unknown> = {};
  for (const shop of SHOPS) {
    const shipping: Record<string, Record<string, number | null>> = {};
    for (const country of SHIPPING_COUNTRY_CODES) {
      const rate: Record<string, number | null> = {};
      for (const field of RATE_FIELDS) {
        const name = `stores.${shop.code}.shipping.${country}.${field}`;
        const value = text(name).trim();
        if (field === "freeFrom" && value === "") {
          rate[field] = null;
          continue;
        }
        const amount = cents(value);
        if (amount === undefined) issues.push({ field: name, code: value === "" ? "required" : "not_a_price" });
        else rate[field] = amount;
      }
      shipping[country] = rate;
    }
    stores[shop.code] = {
      shipping,
      payments: form.getAll(`stores.${shop.code}.payments`).map(String),
    };
  }
  const days = text("returnDays").trim();
  const returnDays = /^\d{1,4}$/.test(days) ? Number(days) : undefined;
  if (returnDays === undefined) issues.push({ field: "returnDays", code: days === "" ? "required" : "whole" });
  return {
    change: {
      name: text("name"),
      legal: Object.fromEntries(LEGAL_FIELDS.map((f) => [f, text(`legal.${f}`)])),
      mail: { fromName: text("mail.fromName"), fromAddress: text("mail.fromAddress") },
      ...(returnDays !== undefined ? { returnDays } : {}),
      stores,
    },
    issues,
  };
}

function sentValues(form: FormData): Values {
  const values: Values = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key).filter((v): v is string => typeof v === "string");
    values[key] = key.endsWith(".payments") ? all : (all[0] ?? "");
  }
  return values;
}

const byField = (issues: readonly SettingsIssue[]) => Object.fromEntries(issues.map((i) => [i.field, i.code]));

/**
 * Every page shows the settings (name, logo, prices in the header): this process drops its cached pages at once;
 * the others (and this one again) when the event feed brings the change (lib/services.server.ts).
 */
function purgePages(args: Route.ActionArgs): void {
  args.context.get(servicesContext).cachePurger.purge([ALL_PAGES_TAG]);
}

export async function action(args: Route.ActionArgs) {
  const { actor, ctx } = await requireStaff(args, { area: "settings" });
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "save") {
    const { change, issues } = settingsFromForm(form);
    if (issues.length > 0) {
      // Amounts that are not amounts: show them with everything else the form gets wrong.
      const rest = validateShopSettings(await readShopSettings(ctx), change);
      const all = [...issues, ...(rest.ok ? [] : rest.issues.filter((i) => !issues.some((x) => x.field === i.field)))];
      return refused<Answer>(
        { intent, error: "InvalidInput", detail: "", issues: byField(all), values: sentValues(form) },
        { ok: false, error: "InvalidInput", detail: all.map((i) => `${i.field}: ${i.code}`).join("; ") },
      );
    }
    const result = await updateShopSettings(ctx, actor, change);
    if (!result.ok) {
      return refused<Answer>(
        {
          intent,
          error: result.error,
          detail: result.detail,
          issues: byField(result.issues),
          values: sentValues(form),
        },
        result,
      );
    }
    if (result.changed) purgePages(args);
    return { intent, ok: true as const, changed: result.changed };
  }
  if (intent === "logo" || intent === "logo_remove") {
    const file = form.get("logo");
    const bytes =
      intent === "logo" && file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
    if (intent === "logo" && !bytes) {
      return refused<Answer>(
        { intent, error: "empty", detail: "" },
        { ok: false, error: "InvalidInput", detail: "no file" },
      );
    }
    const result = await changeShopLogo(ctx, actor, bytes);
    if (!result.ok) {
      return refused<Answer>(
        { intent, error: result.error, detail: result.detail },
        { ok: false, error: "InvalidInput", detail: result.detail },
      );
    }
    purgePages(args);
    return { intent, ok: true as const, changed: true };
  }
  return refused<Answer>({ intent, error: "InvalidInput", detail: "" }, invalidForm(intent));
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.nav.settings");

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const { settings, logo, logoMaxBytes, environment, methodIds } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const failed = answer && !answer.ok && answer.intent === "save" ? answer : undefined;
  const issues = failed?.issues ?? {};
  const values = failed?.values;
  const issueCount = Object.keys(issues).length;
  const value = (name: string, fallback: string) => {
    const sent = values?.[name];
    return typeof sent === "string" ? sent : fallback;
  };
  const invalid = (name: string) =>
    issues[name] ? { "aria-invalid": true as const, "aria-describedby": errorId(name) } : {};
  const error = (name: string) =>
    issues[name] ? (
      <small id={errorId(name)} className="admin-field-error">
        {t(`admin.settings.error.${issues[name]}`)}
      </small>
    ) : null;
  const field = (name: string, label: string, fallback: string, props: Record<string, unknown> = {}, hint?: string) => {
    const hintId = `${errorId(name)}-hint`;
    const describedBy = [hint ? hintId : "", issues[name] ? errorId(name) : ""].filter(Boolean).join(" ");
    return (
      <label className="admin-field">
        <span>{label}</span>
        <input
          type="text"
          name={name}
          defaultValue={value(name, fallback)}
          {...props}
          {...invalid(name)}
          {...(describedBy ? { "aria-describedby": describedBy } : {})}
        />
        {hint ? <small id={hintId}>{hint}</small> : null}
        {error(name)}
      </label>
    );
  };

  return (
    <AdminPage title={t("admin.nav.settings")}>
      <p>{t("admin.settings.intro")}</p>
      {answer?.ok ? (
        <FormMessage>
          {t(
            answer.intent === "save"
              ? answer.changed
                ? "admin.settings.done.saved"
                : "admin.settings.done.unchanged"
              : answer.intent === "logo"
                ? "admin.settings.done.logo"
                : "admin.settings.done.logo_removed",
          )}
        </FormMessage>
      ) : null}
      {failed ? <FormMessage error>{t("admin.settings.error.summary", { count: issueCount })}</FormMessage> : null}
      {answer && !answer.ok && answer.intent !== "save" ? (
        <FormMessage error>{t(`admin.settings.logo_error.${answer.error}`)}</FormMessage>
      ) : null}

      <section aria-labelledby="logo-heading" className="admin-section">
        <h2 id="logo-heading">{t("admin.settings.logo_title")}</h2>
        <div className="admin-settings__logo">
          {logo ? (
            <img
              src={logo.path}
              alt={t("admin.settings.logo_current")}
              width={logo.width / 2}
              height={logo.height / 2}
            />
          ) : (
            <p className="admin-cell-sub">{t("admin.settings.logo_none")}</p>
          )}
        </div>
        <AdminForm encType="multipart/form-data" className="admin-form admin-form--row">
          <label className="admin-field">
            <span>{t("admin.settings.logo_file")}</span>
            <input type="file" name="logo" accept="image/png,image/jpeg,image/webp" required />
            <small>{t("admin.settings.logo_hint", { mb: logoMaxBytes / 1_000_000 })}</small>
          </label>
          <div className="admin-actions">
            <button type="submit" name="intent" value="logo" className="admin-button">
              {t("admin.settings.logo_upload")}
            </button>
          </div>
        </AdminForm>
        {logo ? (
          <AdminForm className="admin-form">
            <button type="submit" name="intent" value="logo_remove" className="admin-button admin-button--plain">
              {t("admin.settings.logo_remove")}
            </button>
          </AdminForm>
        ) : null}
      </section>

      <AdminForm
        className="admin-settings"
        aria-label={t("admin.nav.settings")}
        key={JSON.stringify(settings)}
        // The server checks the whole form and names every problem at once (the browser would stop at the first).
        noValidate
      >
        <input type="hidden" name="intent" value="save" />
        <section aria-labelledby="shop-heading" className="admin-section">
          <h2 id="shop-heading">{t("admin.settings.shop_title")}</h2>
          {field(
            "name",
            t("admin.settings.name"),
            settings.name,
            { maxLength: 60, required: true },
            t("admin.settings.name_hint"),
          )}
          <label className="admin-field admin-settings__short">
            <span>{t("admin.settings.return_days")}</span>
            <input
              type="number"
              name="returnDays"
              min={14}
              max={365}
              inputMode="numeric"
              defaultValue={value("returnDays", String(settings.returnDays))}
              {...invalid("returnDays")}
            />
            {error("returnDays")}
          </label>
        </section>

        <section aria-labelledby="legal-heading" className="admin-section">
          <h2 id="legal-heading">{t("admin.settings.legal_title")}</h2>
          <p className="admin-cell-sub">{t("admin.settings.legal_hint")}</p>
          <div className="admin-settings__grid">
            {LEGAL_FIELDS.map((f) =>
              f === "address" ? (
                <label key={f} className="admin-field">
                  <span>{t(`admin.settings.legal.${f}`)}</span>
                  <textarea
                    name={`legal.${f}`}
                    rows={3}
                    maxLength={500}
                    defaultValue={value(`legal.${f}`, settings.legal[f])}
                    {...invalid(`legal.${f}`)}
                  />
                  {error(`legal.${f}`)}
                </label>
              ) : (
                <span key={f}>
                  {field(`legal.${f}`, t(`admin.settings.legal.${f}`), settings.legal[f], { maxLength: 200 })}
                </span>
              ),
            )}
          </div>
        </section>

        <section aria-labelledby="mail-heading" className="admin-section">
          <h2 id="mail-heading">{t("admin.settings.mail_title")}</h2>
          <p className="admin-cell-sub">{t("admin.settings.mail_hint", { from: environment.mailFrom })}</p>
          <div className="admin-settings__grid">
            {field("mail.fromName", t("admin.settings.mail_name"), settings.mail.fromName, { maxLength: 100 })}
            {field("mail.fromAddress", t("admin.settings.mail_address"), settings.mail.fromAddress, {
              type: "email",
              maxLength: 200,
            })}
          </div>
        </section>

        <section aria-labelledby="stores-heading" className="admin-section">
          <h2 id="stores-heading">{t("admin.settings.stores_title")}</h2>
          <p className="admin-cell-sub">{t("admin.settings.stores_hint")}</p>
          {SHOPS.map((shop) => (
            <StoreFieldset
              key={shop.code}
              code={shop.code}
              label={shop.label}
              currency={shop.currency}
              settings={settings}
              environmentMethods={environment.methods[shop.code]}
              methodIds={methodIds}
              hasAccount={environment.accounts.some((a) => a.currency === shop.currency)}
              value={value}
              values={values}
              invalid={invalid}
              error={error}
            />
          ))}
        </section>

        <div className="admin-actions admin-settings__save">
          <button type="submit" className="admin-button">
            {t("admin.settings.save")}
          </button>
        </div>
      </AdminForm>

      <section aria-labelledby="env-heading" className="admin-section">
        <h2 id="env-heading">{t("admin.settings.env_title")}</h2>
        <p className="admin-cell-sub">{t("admin.settings.env_hint")}</p>
        <dl className="admin-facts admin-settings__env">
          <dt>{t("admin.settings.env_legal_name")}</dt>
          <dd>{environment.legalName ?? t("admin.settings.env_unset")}</dd>
          {(["EUR", "CHF"] as const).map((currency) => {
            const account = environment.accounts.find((a) => a.currency === currency);
            return (
              <Fragment key={currency}>
                <dt>{t("admin.settings.env_account", { currency })}</dt>
                <dd>
                  {account
                    ? `${account.holder} · ${account.bank} · ${account.iban} · ${account.bic}`
                    : t("admin.settings.env_unset")}
                </dd>
              </Fragment>
            );
          })}
        </dl>
      </section>
    </AdminPage>
  );
}

const errorId = (name: string) => `${name.replace(/\./g, "-")}-error`;

function formatCents(amount: number | null): string {
  return amount === null ? "" : (amount / 100).toFixed(2);
}

function StoreFieldset(props: {
  code: (typeof SHOPS)[number]["code"];
  label: string;
  currency: string;
  settings: ShopSettings;
  environmentMethods: readonly string[];
  methodIds: readonly string[];
  hasAccount: boolean;
  value: (name: string, fallback: string) => string;
  values: Values | undefined;
  invalid: (name: string) => Record<string, unknown>;
  error: (name: string) => ReactNode;
}) {
  const t = useAdminT();
  const { code, currency, settings, value, invalid, error } = props;
  const store = settings.stores[code];
  const paymentsName = `stores.${code}.payments`;
  const sentPayments = props.values?.[paymentsName];
  const checked = Array.isArray(sentPayments) ? sentPayments : props.values ? [] : store.payments;
  return (
    <fieldset className="admin-fieldset admin-settings__store">
      <legend>
        {props.label} ({code}, {currency})
      </legend>
      <div className="admin-table-wrap">
        <table className="admin-table admin-settings__rates">
          <caption>{t("admin.settings.rates_caption", { currency })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("admin.settings.country")}</th>
              {RATE_FIELDS.map((f) => (
                <th key={f} scope="col">
                  {t(`admin.settings.rate.${f}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {SHIPPING_COUNTRY_CODES.map((country) => (
              <tr key={country}>
                <th scope="row">{t(`admin.settings.country.${country}`)}</th>
                {RATE_FIELDS.map((f) => {
                  const name = `stores.${code}.shipping.${country}.${f}`;
                  return (
                    <td key={f}>
                      <label className="admin-settings__money">
                        <span className="admin-visually-hidden">
                          {t(`admin.settings.country.${country}`)}, {t(`admin.settings.rate.${f}`)}
                        </span>
                        <input
                          type="text"
                          inputMode="decimal"
                          name={name}
                          size={8}
                          placeholder={f === "freeFrom" ? t("admin.settings.never_free") : undefined}
                          defaultValue={value(name, formatCents(store.shipping[country][f]))}
                          {...invalid(name)}
                        />
                        <span aria-hidden="true">{currency}</span>
                      </label>
                      {error(name)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <fieldset className="admin-settings__payments" {...invalid(paymentsName)}>
        <legend>{t("admin.settings.payments")}</legend>
        {props.methodIds.map((id) => {
          const off = !props.environmentMethods.includes(id);
          const noAccount = (id === "invoice" || id === "prepayment") && !props.hasAccount;
          return (
            <label key={id} className="admin-settings__check">
              <input type="checkbox" name={paymentsName} value={id} defaultChecked={checked.includes(id)} />
              <span>{t(`admin.settings.method.${id}`)}</span>
              {off ? (
                <small>{t("admin.settings.method_off")}</small>
              ) : noAccount ? (
                <small>{t("admin.settings.method_no_account", { currency })}</small>
              ) : null}
            </label>
          );
        })}
        {error(paymentsName)}
      </fieldset>
    </fieldset>
  );
}
