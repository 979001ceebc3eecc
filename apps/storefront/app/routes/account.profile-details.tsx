import {
  addAddress,
  changePassword,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  shippingCountriesOf,
  updateAddress,
  updateCustomerProfile,
} from "@vitrine/commerce";
import { Form, redirect, useNavigation } from "react-router";
import { AddressBlock } from "../components/account/AddressBlock.tsx";
import { AddressForm } from "../components/account/AddressForm.tsx";
import { FormField, FormMessage } from "../components/account/FormField.tsx";
import { Button } from "../components/Button.tsx";
import { Link } from "../components/Link.tsx";
import { useT } from "../i18n/i18n.tsx";
import { echoValues, formText, issueFor, valueFor } from "../lib/account-forms.ts";
import { accountsContext, clientRequest, requireCustomer, retryAfterHeaders } from "../lib/auth.server.ts";
import { metaTranslator, pageMeta } from "../lib/meta.ts";
import { fieldIssues, formRefused, refusal } from "../lib/refusal.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { localizedPath } from "../lib/store.ts";
import type { Route } from "./+types/account.profile-details";

export const handle = { pageType: "account_area" };
export const headers = retryAfterHeaders;

const SAVED = ["profile", "password", "address", "address-deleted", "default"] as const;
type Saved = (typeof SAVED)[number];

/** Profile details: personal data, password, addresses (list, add, edit, delete, default). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const customer = await requireCustomer(store, request);
  const [addresses, shippingCountries] = await Promise.all([
    listAddresses(store.ctx, customer.id),
    shippingCountriesOf(store.ctx, store.shop),
  ]);
  const url = new URL(request.url);
  const asked = url.searchParams.get("address");
  const editing = asked === "new" ? "new" : (addresses.find((a) => String(a.id) === asked)?.id ?? null);
  const saved = url.searchParams.get("saved");
  return {
    profile: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: customer.phone ?? "",
      birthDate: customer.birthDate ?? "",
    },
    addresses,
    editing: addresses.length === 0 ? ("new" as const) : editing,
    saved: SAVED.includes(saved as Saved) ? (saved as Saved) : null,
    /** The store's shipping countries (its one setting), the first preselected. */
    countries: [...shippingCountries],
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches.filter((m) => m !== undefined));
  return pageMeta(matches, { title: t?.("account.profile.title"), robots: "noindex, follow" });
};

const ADDRESS_FIELDS = ["firstName", "lastName", "street", "addressLine2", "zipCode", "city", "countryCode"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const store = storeRequest(context);
  const customer = await requireCustomer(store, request);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const ctx = accountsContext(store, request);
  const page = localizedPath(store.shop, "/account/profile-details/");
  const done = (saved: Saved, hash: string) => redirect(`${page}?saved=${saved}#${hash}`);
  const addressId = Number.parseInt(formText(form, "addressId"), 10);
  const notFound = () => formRefused(intent, refusal("not_found"), { error: "address_not_found" });

  switch (intent) {
    case "profile": {
      const values = echoValues(form, ["firstName", "lastName", "phone", "birthDate"]);
      const result = await updateCustomerProfile(ctx, customer.id, values);
      if (!result.ok) return formRefused(intent, result, { values });
      throw done("profile", "profile");
    }
    case "password": {
      const newPassword = formText(form, "newPassword");
      if (newPassword !== formText(form, "confirmPassword")) {
        return formRefused(intent, fieldIssues([{ field: "confirmPassword", code: "passwords_differ" }]));
      }
      const result = await changePassword(ctx, clientRequest(request, store.services.config), customer.id, {
        currentPassword: formText(form, "currentPassword"),
        newPassword,
      });
      if (!result.ok) {
        if (result.error === "rate_limited" || result.error === "invalid") return formRefused(intent, result);
        return formRefused(intent, fieldIssues([{ field: "currentPassword", code: result.error }]));
      }
      for (const cookie of result.setCookies) store.setCookie(cookie);
      throw done("password", "password");
    }
    case "address-save": {
      const values = echoValues(form, ADDRESS_FIELDS);
      // The address book offers the countries this store delivers to; the server holds to the same list.
      if (!(await shippingCountriesOf(store.ctx, store.shop)).some((c) => c === values.countryCode)) {
        return formRefused(intent, fieldIssues([{ field: "countryCode", code: "country_not_shipped" }]), { values });
      }
      const input = { ...values, isDefault: form.get("isDefault") === "on" };
      const result = Number.isNaN(addressId)
        ? await addAddress(ctx, customer.id, input)
        : await updateAddress(ctx, customer.id, addressId, input);
      if (!result.ok) {
        if (result.error === "not_found") return notFound();
        if (result.error === "limit") {
          return formRefused(intent, result, { error: "address_limit", errorValues: { limit: result.limit }, values });
        }
        return formRefused(intent, result, { values });
      }
      throw done("address", "addresses");
    }
    case "address-delete": {
      const result = await deleteAddress(ctx, customer.id, addressId);
      if (!result.ok) return notFound();
      throw done("address-deleted", "addresses");
    }
    case "address-default": {
      const result = await setDefaultAddress(ctx, customer.id, addressId);
      if (!result.ok) return notFound();
      throw done("default", "addresses");
    }
    default:
      return formRefused(intent, refusal("unknown_intent"));
  }
}

export default function ProfileDetails({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const { profile, addresses, editing, saved } = loaderData;
  const failure = actionData;
  const profileField = (name: keyof typeof profile) => ({
    issue: issueFor(failure, "profile", name),
    defaultValue: valueFor(failure, "profile", name) ?? profile[name],
  });
  const editingAddress = typeof editing === "number" ? (addresses.find((a) => a.id === editing) ?? null) : null;
  const addressError = failure?.intent.startsWith("address") ? failure.error : undefined;

  return (
    <main id="main" className="account__main">
      <header className="account-head">
        <h1>{t("account.profile.title")}</h1>
      </header>

      <section className="account-section" id="profile" aria-labelledby="profile-title">
        <h2 id="profile-title">{t("account.profile.personal")}</h2>
        {saved === "profile" ? <FormMessage kind="success">{t("account.saved.profile")}</FormMessage> : null}
        <Form method="post" className="account-form" noValidate preventScrollReset>
          <input type="hidden" name="intent" value="profile" />
          <div className="account-form__row">
            <FormField
              form="profile"
              name="firstName"
              label={t("account.field.first_name")}
              autoComplete="given-name"
              required
              {...profileField("firstName")}
            />
            <FormField
              form="profile"
              name="lastName"
              label={t("account.field.last_name")}
              autoComplete="family-name"
              required
              {...profileField("lastName")}
            />
          </div>
          <FormField
            form="profile"
            name="email"
            type="email"
            label={t("account.field.email")}
            readOnly
            required
            defaultValue={profile.email}
            hint={t("account.profile.email_hint")}
          />
          <div className="account-form__row">
            <FormField
              form="profile"
              name="phone"
              type="tel"
              label={t("account.field.phone")}
              autoComplete="tel"
              {...profileField("phone")}
            />
            <FormField
              form="profile"
              name="birthDate"
              type="date"
              label={t("account.field.birth_date")}
              autoComplete="bday"
              {...profileField("birthDate")}
            />
          </div>
          <Button type="submit" loading={submitting === "profile"}>
            {t("account.profile.save")}
          </Button>
        </Form>
      </section>

      <section className="account-section" id="password" aria-labelledby="password-title">
        <h2 id="password-title">{t("account.password.title")}</h2>
        {saved === "password" ? <FormMessage kind="success">{t("account.saved.password")}</FormMessage> : null}
        {failure?.intent === "password" && failure.error ? (
          <FormMessage kind="error">{t(`account.error.${failure.error}`, failure.errorValues)}</FormMessage>
        ) : null}
        <Form method="post" className="account-form" noValidate preventScrollReset>
          <input type="hidden" name="intent" value="password" />
          <FormField
            form="password"
            name="currentPassword"
            type="password"
            label={t("account.field.current_password")}
            autoComplete="current-password"
            required
            issue={issueFor(failure, "password", "currentPassword")}
          />
          <div className="account-form__row">
            <FormField
              form="password"
              name="newPassword"
              type="password"
              label={t("account.field.new_password")}
              autoComplete="new-password"
              required
              minLength={8}
              hint={t("account.field.password_hint", { min: 8 })}
              issue={issueFor(failure, "password", "newPassword")}
            />
            <FormField
              form="password"
              name="confirmPassword"
              type="password"
              label={t("account.field.confirm_password")}
              autoComplete="new-password"
              required
              issue={issueFor(failure, "password", "confirmPassword")}
            />
          </div>
          <Button type="submit" loading={submitting === "password"}>
            {t("account.password.save")}
          </Button>
        </Form>
      </section>

      <section className="account-section" id="addresses" aria-labelledby="addresses-title">
        <div className="account-section__head">
          <h2 id="addresses-title">{t("account.address.title")}</h2>
          {editing === null ? (
            <Link
              to="/account/profile-details/?address=new#address-form"
              className="account-section__action"
              preventScrollReset
            >
              {t("account.address.add")}
            </Link>
          ) : null}
        </div>
        {saved && saved !== "profile" && saved !== "password" ? (
          <FormMessage kind="success">{t(`account.saved.${saved}`)}</FormMessage>
        ) : null}
        {addressError ? (
          <FormMessage kind="error">{t(`account.error.${addressError}`, failure?.errorValues)}</FormMessage>
        ) : null}
        {addresses.length > 0 ? (
          <ul className="account-addresses">
            {addresses.map((address) => (
              <li
                key={address.id}
                className={`account-address-card${address.isDefault ? " account-address-card--default" : ""}`}
              >
                {address.isDefault ? <p className="account-badge">{t("account.address.default")}</p> : null}
                <AddressBlock address={address} />
                <div className="account-address-card__actions">
                  <Link to={`/account/profile-details/?address=${address.id}#address-form`} preventScrollReset>
                    {t("account.address.edit")}
                    <span className="visually-hidden"> – {address.street}</span>
                  </Link>
                  {address.isDefault ? null : (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="address-default" />
                      <input type="hidden" name="addressId" value={address.id} />
                      <button type="submit" className="account-link-button">
                        {t("account.address.set_default")}
                        <span className="visually-hidden"> – {address.street}</span>
                      </button>
                    </Form>
                  )}
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="address-delete" />
                    <input type="hidden" name="addressId" value={address.id} />
                    <button type="submit" className="account-link-button">
                      {t("account.address.delete")}
                      <span className="visually-hidden"> – {address.street}</span>
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("account.address.none")}</p>
        )}
        {editing !== null ? (
          <AddressForm
            key={String(editing)}
            address={editingAddress}
            defaults={{ firstName: profile.firstName, lastName: profile.lastName }}
            countries={loaderData.countries}
            failure={failure}
            busy={submitting === "address-save"}
          />
        ) : null}
      </section>
    </main>
  );
}
