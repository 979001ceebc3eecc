import type { OrderStatus, PaymentInstructions } from "@vitrine/commerce";
import { formatMoney } from "@vitrine/commerce/money";
import { useT } from "../../i18n/i18n.tsx";
import { useStoreData } from "../../lib/use-store.ts";
import { AddressText } from "../checkout/AddressFields.tsx";
import { formatDayRange, formatLongDay } from "../checkout/format.ts";
import { SummaryLines, SummaryTotalsList } from "../checkout/OrderSummary.tsx";
import { Link } from "../Link.tsx";
import type { OrderView } from "./types.ts";

/** The parts of an order page: status, payment instructions, packages with tracking, history, returns. */

export function StatusBadge({ status }: { status: OrderStatus }) {
  const t = useT();
  return <span className={`order-status order-status--${status}`}>{t(`orders.status.${status}`)}</span>;
}

function PaymentInstructionsBox({ instructions }: { instructions: PaymentInstructions }) {
  const t = useT();
  const { shop } = useStoreData();
  const money = (cents: number) => formatMoney(cents, { locale: shop.locale, currency: instructions.currency });
  if (instructions.kind === "cash_on_delivery") {
    return (
      <div className="payment-instructions">
        <h3 className="checkout-subtitle">{t("orders.payment.cod_title")}</h3>
        <p>{t("orders.payment.cod_text", { amount: money(instructions.amount), fee: money(instructions.fee) })}</p>
      </div>
    );
  }
  return (
    <div className="payment-instructions" data-testid="payment-instructions">
      <h3 className="checkout-subtitle">{t(`orders.payment.${instructions.method}_title`)}</h3>
      <p>
        {t(`orders.payment.${instructions.method}_text`, {
          amount: money(instructions.amount),
          date: formatLongDay(instructions.dueDate, shop.locale),
        })}
      </p>
      <dl className="payment-instructions__account">
        <div>
          <dt>{t("orders.payment.holder")}</dt>
          <dd>{instructions.account.holder}</dd>
        </div>
        <div>
          <dt>{t("orders.payment.iban")}</dt>
          <dd>{instructions.account.iban}</dd>
        </div>
        <div>
          <dt>{t("orders.payment.bic")}</dt>
          <dd>{instructions.account.bic}</dd>
        </div>
        <div>
          <dt>{t("orders.payment.bank")}</dt>
          <dd>{instructions.account.bank}</dd>
        </div>
        <div>
          <dt>{t("orders.payment.reference")}</dt>
          <dd>{instructions.reference}</dd>
        </div>
        <div>
          <dt>{t("orders.payment.amount")}</dt>
          <dd>{money(instructions.amount)}</dd>
        </div>
      </dl>
    </div>
  );
}

function PackagesList({ order }: { order: OrderView }) {
  const t = useT();
  const { shop } = useStoreData();
  if (order.packages.length === 0) return null;
  return (
    <section className="order-section" aria-labelledby="order-packages">
      <h2 id="order-packages" className="order-section__title">
        {t("orders.packages.title")}
      </h2>
      <ul className="order-packages">
        {order.packages.map((p, i) => (
          <li key={p.id} className="order-package">
            <p className="order-package__title">
              {t("orders.packages.package", { number: i + 1, carrier: p.carrierName })}
            </p>
            <p>
              {t("orders.packages.tracking_number")}{" "}
              {p.trackingUrl ? (
                <Link to={p.trackingUrl} newTab>
                  {p.trackingNumber}
                </Link>
              ) : (
                p.trackingNumber
              )}
            </p>
            <p className="checkout-muted">
              {p.deliveredAt
                ? t("orders.packages.delivered", { date: formatLongDay(p.deliveredAt, shop.locale) })
                : t("orders.packages.shipped", { date: formatLongDay(p.shippedAt, shop.locale) })}
            </p>
            <ul className="order-package__items">
              {p.items.map((item, n) => (
                <li key={n}>{t("orders.packages.item", item)}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

function HistoryList({ order }: { order: OrderView }) {
  const t = useT();
  const { shop } = useStoreData();
  const time = new Intl.DateTimeFormat(shop.locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Europe/Berlin",
  });
  return (
    <section className="order-section" aria-labelledby="order-history">
      <h2 id="order-history" className="order-section__title">
        {t("orders.history.title")}
      </h2>
      <ol className="order-history" reversed>
        {[...order.history].reverse().map((event, i) => (
          <li
            key={`${event.type}-${event.at}-${i}`}
            className={`order-history__event order-history__event--${event.type}`}
          >
            <span className="order-history__type">
              {t(`orders.history.${event.type}`, event.data as Record<string, string>)}
            </span>
            <time dateTime={event.at} className="order-history__time">
              {time.format(new Date(event.at))}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The order's returns with their state (registered, received, refunded, rejected): order pages and the portal. */
export function ReturnsList({ order }: { order: OrderView }) {
  const t = useT();
  const { shop } = useStoreData();
  if (order.returns.length === 0) return null;
  return (
    <section className="order-section" aria-labelledby="order-returns">
      <h2 id="order-returns" className="order-section__title">
        {t("orders.returns.title")}
      </h2>
      <ul className="order-returns">
        {order.returns.map((r) => (
          <li key={r.number} className="order-return">
            <p className="order-package__title">
              {t("orders.returns.number", { number: r.number, date: formatLongDay(r.createdAt, shop.locale) })}
            </p>
            <p className={`order-return__status order-return__status--${r.status}`}>
              {t(`orders.returns.status.${r.status}`, {
                date: r.statusAt ? formatLongDay(r.statusAt, shop.locale) : "",
                amount: r.refunded ?? "",
                reason: r.rejectReason ?? "",
              })}
            </p>
            <ul className="order-package__items">
              {r.items.map((item, n) => (
                <li key={n}>
                  {t("orders.packages.item", item)} · {t(`returns.reason.${item.reason}`)}
                </li>
              ))}
            </ul>
            {r.labelPath ? (
              <Link to={r.labelPath} newTab>
                {t("orders.returns.label")}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Everything about one order: for its customer (addresses, payment, totals) or for the tracking form. */
export function OrderDetailsView({ order, returnsPath }: { order: OrderView; returnsPath?: string }) {
  const t = useT();
  const { shop } = useStoreData();
  const priv = order.private;
  return (
    <div className="order-details">
      <div className="order-details__status">
        <StatusBadge status={order.status} />
        {order.status !== "delivered" && order.status !== "cancelled" ? (
          <p>{t("orders.estimate", { dates: formatDayRange(order.deliveryRange, shop.locale) })}</p>
        ) : null}
      </div>
      {priv?.instructions ? <PaymentInstructionsBox instructions={priv.instructions} /> : null}
      <PackagesList order={order} />
      <section className="order-section" aria-labelledby="order-items">
        <h2 id="order-items" className="order-section__title">
          {t("orders.items")}
        </h2>
        <SummaryLines lines={order.lines} headingId="order-items" />
        {priv ? <SummaryTotalsList totals={priv.totals} /> : null}
        {returnsPath && order.lines.some((l) => l.returnable > 0) ? (
          <p className="order-details__return">
            <Link to={returnsPath} className="button button--secondary button--md">
              {t("orders.return_items")}
            </Link>
          </p>
        ) : null}
      </section>
      {priv ? (
        <section className="order-section order-details__facts" aria-labelledby="order-facts">
          <h2 id="order-facts" className="visually-hidden">
            {t("orders.facts")}
          </h2>
          <div>
            <h3 className="checkout-label">{t("checkout.address.shipping")}</h3>
            <AddressText address={priv.shippingAddress} />
          </div>
          <div>
            <h3 className="checkout-label">{t("checkout.address.billing")}</h3>
            <AddressText address={priv.billingAddress} />
          </div>
          <div>
            <h3 className="checkout-label">{t("checkout.step.delivery")}</h3>
            <p>{t(`checkout.delivery.${order.deliveryMethod}`)}</p>
          </div>
          <div>
            <h3 className="checkout-label">{t("checkout.step.payment")}</h3>
            <p>
              {[
                priv.giftCard ? t("checkout.payment.gift_card_summary", { code: priv.giftCard.maskedCode }) : null,
                priv.paymentMethod ? t(`checkout.payment.${priv.paymentMethod}`) : null,
              ]
                .filter(Boolean)
                .join(" + ")}
              {priv.card && priv.card.brand !== "paypal" ? ` (${priv.card.brand} •••• ${priv.card.last4})` : null}
            </p>
            <p className="checkout-muted">{t(`orders.payment_status.${order.paymentStatus}`)}</p>
          </div>
        </section>
      ) : null}
      <ReturnsList order={order} />
      <HistoryList order={order} />
    </div>
  );
}
