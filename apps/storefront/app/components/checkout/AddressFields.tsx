import type { CheckoutAddress } from "@vitrine/commerce";
import { isShippingCountry, POSTCODE_RULES } from "@vitrine/commerce/shipping-countries";
import { useState } from "react";
import { type Translator, useT } from "../../i18n/i18n.tsx";
import { useStoreData } from "../../lib/use-store.ts";
import { Field, SelectField } from "./Field.tsx";
import { countryName } from "./format.ts";
import type { FieldIssue } from "./types.ts";

/** The postcode hint of a country, from the rule the server checks ("5 Ziffern (Deutschland)", "like SW1A 1AA"). */
export function postcodeHint(t: Translator, code: string, country: string): string {
  const rule = isShippingCountry(code) ? POSTCODE_RULES[code] : undefined;
  if (!rule) return "";
  return rule.kind === "digits"
    ? t("checkout.field.zip_code_hint", { digits: rule.digits, country })
    : t("checkout.field.zip_code_hint_format", { example: rule.example, country });
}

/** The fields of an address (`shipping.firstName` …), with the countries the step allows. */
export function AddressFields({
  prefix,
  value,
  issue,
  countries,
  required,
}: {
  prefix: "shipping" | "billing";
  value: (field: keyof CheckoutAddress) => string;
  issue: (field: string) => FieldIssue | undefined;
  countries: string[];
  /** Marks the fields required (not for optional blocks such as a different billing address). */
  required: boolean;
}) {
  const t = useT();
  const { shop } = useStoreData();
  const name = (field: keyof CheckoutAddress) => `${prefix}.${field}`;
  // The hint and keyboard follow the country chosen in the form, before anything is sent.
  const [country, setCountry] = useState(() => {
    const given = value("countryCode");
    return given && countries.includes(given) ? given : (countries[0] ?? "DE");
  });
  const numeric = isShippingCountry(country) && POSTCODE_RULES[country].kind === "digits";
  return (
    <div className="checkout-address-fields">
      <Field
        name={name("firstName")}
        label={t("checkout.field.first_name")}
        autoComplete={`${prefix} given-name`}
        required={required}
        aria-required
        defaultValue={value("firstName")}
        issue={issue(name("firstName"))}
      />
      <Field
        name={name("lastName")}
        label={t("checkout.field.last_name")}
        autoComplete={`${prefix} family-name`}
        required={required}
        aria-required
        defaultValue={value("lastName")}
        issue={issue(name("lastName"))}
      />
      <Field
        name={name("street")}
        label={t("checkout.field.street")}
        autoComplete={`${prefix} street-address`}
        required={required}
        aria-required
        defaultValue={value("street")}
        issue={issue(name("street"))}
        className="checkout-field--wide"
      />
      <Field
        name={name("addressLine2")}
        label={t("checkout.field.address_line2")}
        autoComplete={`${prefix} address-line2`}
        defaultValue={value("addressLine2")}
        issue={issue(name("addressLine2"))}
        hint={t("checkout.field.address_line2_hint")}
        className="checkout-field--wide"
      />
      <Field
        name={name("zipCode")}
        label={t("checkout.field.zip_code")}
        autoComplete={`${prefix} postal-code`}
        inputMode={numeric ? "numeric" : "text"}
        autoCapitalize={numeric ? undefined : "characters"}
        required={required}
        aria-required
        defaultValue={value("zipCode")}
        issue={issue(name("zipCode"))}
        hint={postcodeHint(t, country, countryName(country, shop.locale))}
        className="checkout-field--zip"
      />
      <Field
        name={name("city")}
        label={t("checkout.field.city")}
        autoComplete={`${prefix} address-level2`}
        required={required}
        aria-required
        defaultValue={value("city")}
        issue={issue(name("city"))}
        className="checkout-field--city"
      />
      <SelectField
        name={name("countryCode")}
        label={t("checkout.field.country")}
        autoComplete={`${prefix} country`}
        defaultValue={country}
        onChange={(event) => setCountry(event.currentTarget.value)}
        issue={issue(name("countryCode"))}
        className="checkout-field--wide"
      >
        {countries.map((code) => (
          <option key={code} value={code}>
            {countryName(code, shop.locale)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** An address as it is written on a parcel. */
export function AddressText({ address, inline = false }: { address: CheckoutAddress; inline?: boolean }) {
  const { shop } = useStoreData();
  const lines = [
    `${address.firstName} ${address.lastName}`,
    address.street,
    address.addressLine2 ?? "",
    `${address.zipCode} ${address.city}`,
    countryName(address.countryCode, shop.locale),
  ].filter((line) => line);
  if (inline) return <span>{lines.join(", ")}</span>;
  return (
    <address className="checkout-address">
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </address>
  );
}
