import { isShippingCountry, POSTCODE_RULES } from "@vitrine/commerce/shipping-countries";
import { useState } from "react";
import { Form } from "react-router";
import { useT } from "../../i18n/i18n.tsx";
import { type FormFailure, issueFor, valueFor } from "../../lib/account-forms.ts";
import { Button } from "../Button.tsx";
import { Link } from "../Link.tsx";
import { FormField } from "./FormField.tsx";

export interface EditableAddress {
  id: number;
  firstName: string;
  lastName: string;
  street: string;
  addressLine2: string;
  zipCode: string;
  city: string;
  countryCode: string;
  isDefault: boolean;
}

/** Add or edit an address; the postcode rule of the chosen country is checked again on the server. */
export function AddressForm({
  address,
  defaults,
  countries,
  failure,
  busy,
}: {
  address: EditableAddress | null;
  defaults: { firstName: string; lastName: string };
  /** The store's shipping countries, the first preselected for a new address. */
  countries: string[];
  failure: FormFailure | undefined;
  busy: boolean;
}) {
  const t = useT();
  const intent = "address-save";
  const field = (name: keyof EditableAddress, fallback: string) => ({
    issue: issueFor(failure, intent, name),
    defaultValue: valueFor(failure, intent, name) ?? fallback,
  });
  const initialCountry = valueFor(failure, intent, "countryCode") ?? address?.countryCode ?? countries[0] ?? "DE";
  // An address saved in a country this store no longer offers can still be edited (and moved).
  const offered = countries.includes(initialCountry) ? countries : [...countries, initialCountry];
  // The postcode hint and keyboard follow the country chosen in the form.
  const [country, setCountry] = useState(initialCountry);
  const rule = isShippingCountry(country) ? POSTCODE_RULES[country] : undefined;
  const countryIssue = issueFor(failure, intent, "countryCode");
  return (
    <Form method="post" className="account-form account-address-form" id="address-form" noValidate preventScrollReset>
      <h3>{address ? t("account.address.edit_title") : t("account.address.add_title")}</h3>
      <input type="hidden" name="intent" value={intent} />
      {address ? <input type="hidden" name="addressId" value={address.id} /> : null}
      <div className="account-form__row">
        <FormField
          form="address"
          name="firstName"
          label={t("account.field.first_name")}
          autoComplete="given-name"
          required
          {...field("firstName", address?.firstName ?? defaults.firstName)}
        />
        <FormField
          form="address"
          name="lastName"
          label={t("account.field.last_name")}
          autoComplete="family-name"
          required
          {...field("lastName", address?.lastName ?? defaults.lastName)}
        />
      </div>
      <FormField
        form="address"
        name="street"
        label={t("account.field.street")}
        autoComplete="street-address"
        required
        {...field("street", address?.street ?? "")}
      />
      <FormField
        form="address"
        name="addressLine2"
        label={t("account.field.address_line2")}
        autoComplete="address-line2"
        hint={t("account.field.address_line2_hint")}
        {...field("addressLine2", address?.addressLine2 ?? "")}
      />
      <div className="account-form__row account-form__row--zip">
        <FormField
          form="address"
          name="zipCode"
          label={t("account.field.zip_code")}
          autoComplete="postal-code"
          inputMode={rule?.kind === "format" ? "text" : "numeric"}
          required
          hint={
            rule?.kind === "format"
              ? t("account.field.zip_code_hint_format", { example: rule.example, country })
              : t("account.field.zip_code_hint", { digits: rule?.digits ?? 5, country })
          }
          {...field("zipCode", address?.zipCode ?? "")}
        />
        <FormField
          form="address"
          name="city"
          label={t("account.field.city")}
          autoComplete="address-level2"
          required
          {...field("city", address?.city ?? "")}
        />
      </div>
      <div className={`account-field${countryIssue ? " account-field--invalid" : ""}`}>
        <label htmlFor="address-countryCode">{t("account.field.country")}</label>
        <select
          id="address-countryCode"
          name="countryCode"
          defaultValue={initialCountry}
          autoComplete="country"
          onChange={(event) => setCountry(event.currentTarget.value)}
        >
          {offered.map((code) => (
            <option key={code} value={code}>
              {t(`account.country.${code}`)}
            </option>
          ))}
        </select>
        {countryIssue ? <p className="account-field__error">{t(`account.error.${countryIssue.code}`)}</p> : null}
      </div>
      {address?.isDefault ? null : (
        <label className="account-check">
          <input type="checkbox" name="isDefault" />
          <span>{t("account.address.make_default")}</span>
        </label>
      )}
      <div className="account-form__actions">
        <Button type="submit" loading={busy}>
          {t("account.address.save")}
        </Button>
        <Link to="/account/profile-details/#addresses" className="account-form__cancel">
          {t("common.cancel")}
        </Link>
      </div>
    </Form>
  );
}
