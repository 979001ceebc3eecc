import { useT } from "../i18n/i18n.tsx";
import type { StoreCard as StoreCardData } from "../lib/store-finder.server.ts";
import { ClockIcon, LocationIcon } from "./icons/ui.tsx";
import { Link } from "./Link.tsx";

/** One physical store in the store finder: address, distance, open now, opening hours, contact, map link. */
export function StoreCard({ store }: { store: StoreCardData }) {
  const t = useT();
  const headingId = `store-${store.id}`;
  return (
    <article className="store-card" aria-labelledby={headingId}>
      <header className="store-card__header">
        <h3 id={headingId} className="store-card__name">
          {store.name}
        </h3>
        {store.distance ? (
          <span className="store-card__distance">{t("location.distance", { distance: store.distance })}</span>
        ) : null}
      </header>
      <address className="store-card__address">
        {store.street}
        <br />
        {store.zipCode} {store.city}
      </address>
      <p className={store.openUntil ? "store-card__status is-open" : "store-card__status"}>
        <ClockIcon size={16} />
        {store.openUntil ? t("location.open_now", { time: store.openUntil }) : t("location.closed_now")}
      </p>
      <details className="store-card__hours">
        <summary>{t("location.opening_hours")}</summary>
        <table>
          <tbody>
            {store.hours.map((h) => (
              <tr key={h.day} className={h.today ? "is-today" : undefined}>
                <th scope="row">{h.day}</th>
                <td>{h.hours ?? t("location.closed")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <ul className="store-card__contact">
        <li>
          <Link to={`tel:${store.phone.replace(/\s+/g, "")}`}>{store.phone}</Link>
        </li>
        <li>
          <Link to={`mailto:${store.email}`}>{t("location.email")}</Link>
        </li>
        <li>
          <Link to={store.mapUrl} newTab className="store-card__map">
            <LocationIcon size={16} />
            {t("location.route")}
          </Link>
        </li>
      </ul>
    </article>
  );
}
