import { useT } from "../../i18n/i18n.tsx";

interface AddressLike {
  firstName: string;
  lastName: string;
  street: string;
  addressLine2?: string;
  zipCode: string;
  city: string;
  countryCode: string;
}

/** A postal address as it is written on a parcel. */
export function AddressBlock({ address }: { address: AddressLike }) {
  const t = useT();
  return (
    <address className="account-address">
      {address.firstName} {address.lastName}
      <br />
      {address.street}
      <br />
      {address.addressLine2 ? (
        <>
          {address.addressLine2}
          <br />
        </>
      ) : null}
      {address.zipCode} {address.city}
      <br />
      {t(`account.country.${address.countryCode}`)}
    </address>
  );
}
