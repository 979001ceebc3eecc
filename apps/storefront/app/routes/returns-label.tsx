import { carrierName, getReturnLabel } from "@vitrine/commerce";
import { Button } from "../components/Button.tsx";
import { AddressText } from "../components/checkout/AddressFields.tsx";
import { formatLongDay } from "../components/checkout/format.ts";
import { Code39 } from "../components/orders/Code39.tsx";
import { useT } from "../i18n/i18n.tsx";
import { invalidPage } from "../lib/errors.ts";
import { titledMeta } from "../lib/page-title.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { useStoreData } from "../lib/use-store.ts";
import type { Route } from "./+types/returns-label";
import "../styles/checkout.css";

/**
 * The printable return label the return mail links to (clean layout): sender and returns centre, the carrier, the
 * return number as a Code 39 barcode, and a slip with the items for the parcel. The token in the address is the
 * only key to it.
 */
export const handle = { pageType: "returns_portal" };

export const meta: Route.MetaFunction = ({ matches }) =>
  titledMeta(matches, "returns.label.title", undefined, "noindex, nofollow");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const label = await getReturnLabel(store.ctx, params.token);
  if (!label) invalidPage(request);
  return { label, carrier: carrierName(label.carrier) };
}

export default function ReturnsLabel({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { shop } = useStoreData();
  const { label, carrier } = loaderData;
  return (
    <main id="main" className="page return-label">
      <div className="return-label__toolbar">
        <h1 className="return-label__title">{t("returns.label.title")}</h1>
        <Button type="button" onClick={() => window.print()}>
          {t("returns.label.print")}
        </Button>
      </div>
      <p className="return-label__hint">{t("returns.label.hint", { carrier })}</p>
      <article className="return-label__sheet" aria-label={t("returns.label.sheet")}>
        <div className="return-label__top">
          <p className="return-label__kind">{t("returns.label.kind")}</p>
          <p className="return-label__carrier">{carrier}</p>
        </div>
        <div className="return-label__addresses">
          <div>
            <h2 className="checkout-label">{t("returns.label.from")}</h2>
            <AddressText address={label.sender} />
          </div>
          <div className="return-label__to">
            <h2 className="checkout-label">{t("returns.label.to")}</h2>
            <address className="checkout-address">
              {label.recipient.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
          </div>
        </div>
        <div className="return-label__code">
          <Code39 value={label.returnNumber} label={t("returns.label.barcode", { number: label.returnNumber })} />
          <p className="return-label__number">{label.returnNumber}</p>
        </div>
        <p className="return-label__meta">
          {t("returns.label.meta", {
            order: label.orderNumber,
            date: formatLongDay(label.createdAt, shop.locale),
          })}
        </p>
      </article>
      <section className="return-label__slip" aria-labelledby="return-slip">
        <h2 id="return-slip" className="order-section__title">
          {t("returns.label.slip")}
        </h2>
        <ul>
          {label.items.map((item) => (
            <li key={`${item.name}-${item.sizeLabel}`}>
              {t("returns.label.item", { ...item })} · {t(`returns.reason.${item.reason}`)}
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
