import { Form } from "react-router";
import { useT } from "../../i18n/i18n.tsx";
import { type FormFailure, issueFor, valueFor } from "../../lib/account-forms.ts";
import { Button } from "../Button.tsx";
import { CsrfInput } from "../CsrfInput.tsx";
import { Link } from "../Link.tsx";
import { FormField } from "./FormField.tsx";

export interface EditableAddress {
  id: number;
  firstName: string;
  lastName: string;
  street: string;
  zipCode: string;
  city: string;
  countryCode: string;
  isDefault: boolean;
}

const COUNTRIES = ["DE", "AT", "CH"] as const;
const POSTCODE_DIGITS: Record<string, number> = { DE: 5, AT: 4, CH: 4 };

/** Add or edit an address; the postcode rule of the chosen country is checked again on the server. */
export function AddressForm({
  address,
  defaults,
  failure,
  busy,
}: {
  address: EditableAddress | null;
  defaults: { firstName: string; lastName: string; countryCode: string };
  failure: FormFailure | undefined;
  busy: boolean;
}) {
  const t = useT();
  const intent = "address-save";
  const field = (name: keyof EditableAddress, fallback: string) => ({
    issue: issueFor(failure, intent, name),
    defaultValue: valueFor(failure, intent, name) ?? fallback,
  });
  const country = valueFor(failure, intent, "countryCode") ?? address?.countryCode ?? defaults.countryCode;
  const countryIssue = issueFor(failure, intent, "countryCode");
  return (
    <Form method="post" className="account-form account-address-form" id="address-form" noValidate preventScrollReset>
      <h3>{address ? t("account.address.edit_title") : t("account.address.add_title")}</h3>
      <CsrfInput />
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
      <div className="account-form__row account-form__row--zip">
        <FormField
          form="address"
          name="zipCode"
          label={t("account.field.zip_code")}
          autoComplete="postal-code"
          inputMode="numeric"
          required
          hint={t("account.field.zip_code_hint", { digits: POSTCODE_DIGITS[country] ?? 5, country })}
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
        <select id="address-countryCode" name="countryCode" defaultValue={country} autoComplete="country">
          {COUNTRIES.map((code) => (
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
