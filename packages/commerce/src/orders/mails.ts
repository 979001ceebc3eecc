import { renderMail } from "../mail/templates.ts";
import { RETURN_PERIOD_DAYS } from "../shop/delivery.ts";
import { formatMoney } from "../shop/money.ts";
import { type Shop, shopByCode } from "../shop/shops.ts";
import { carrierName } from "./carriers.ts";
import { fill, ORDER_MAIL_TEXTS, type OrderMailTexts } from "./mail-texts.ts";
import type { OrderDetails, OrderPackage } from "./orders.ts";
import type { OutboxMessage } from "./outbox.ts";

/** The order mails: confirmation, each status change, and the registered return with its label link. */

export interface MailLinks {
  publicUrl: string;
  /** The customer has an account (a guest customer follows the order with the tracking form). */
  hasAccount: boolean;
}

function shopOf(order: OrderDetails): Shop {
  return shopByCode(order.storeCode) as Shop;
}

function textsOf(shop: Shop): OrderMailTexts {
  return ORDER_MAIL_TEXTS[shop.language];
}

export function formatDay(day: string, shop: Shop): string {
  return new Intl.DateTimeFormat(shop.locale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day.slice(0, 10)}T12:00:00Z`));
}

function storeUrl(links: Pick<MailLinks, "publicUrl">, order: OrderDetails, path: string): string {
  return `${links.publicUrl.replace(/\/$/, "")}/${order.storeCode}${path}`;
}

export function orderPageUrl(links: MailLinks, order: OrderDetails): string {
  return links.hasAccount
    ? storeUrl(links, order, `/account/order-details/${order.number}/`)
    : storeUrl(links, order, `/order-trackform/?order=${order.number}`);
}

function addressLine(order: OrderDetails, shop: Shop): string {
  const a = order.shippingAddress;
  const country = new Intl.DisplayNames([shop.locale], { type: "region" }).of(a.countryCode) ?? a.countryCode;
  return [`${a.firstName} ${a.lastName}`, a.street, a.addressLine2, `${a.zipCode} ${a.city}`, country]
    .filter((part) => part)
    .join(", ");
}

function paymentParagraphs(order: OrderDetails, shop: Shop, t: OrderMailTexts): string[] {
  const money = (cents: number) => formatMoney(cents, shop);
  const out: string[] = [];
  const methods = [
    ...(order.payment.giftCard ? [t.methods.gift_card] : []),
    ...(order.payment.method ? [t.methods[order.payment.method]] : []),
  ];
  out.push(fill(t.paymentMethod, { method: methods.join(" + ") }));
  const instructions = order.payment.instructions;
  if (instructions?.kind === "bank_transfer") {
    const intro = instructions.method === "invoice" ? t.invoiceIntro : t.prepaymentIntro;
    out.push(fill(intro, { amount: money(instructions.amount), date: formatDay(instructions.dueDate, shop) }));
    out.push(fill(t.bankLine, { ...instructions.account, reference: instructions.reference }));
  } else if (instructions?.kind === "cash_on_delivery") {
    out.push(fill(t.codIntro, { amount: money(instructions.amount), fee: money(instructions.fee) }));
  }
  return out;
}

function summaryParagraphs(order: OrderDetails, shop: Shop, t: OrderMailTexts): string[] {
  const money = (cents: number) => formatMoney(cents, shop);
  const lines = order.lines.map((l) =>
    l.isGift
      ? fill(t.giftLine, { quantity: l.quantity, name: l.name, size: l.sizeLabel })
      : fill(t.itemLine, {
          quantity: l.quantity,
          name: l.name,
          color: l.colorLabel,
          size: l.sizeLabel,
          price: money(l.total),
        }),
  );
  const reductions = order.totals.itemsTotal - order.totals.itemsListTotal;
  const rate = new Intl.NumberFormat(shop.locale, { style: "percent", maximumFractionDigits: 1 }).format(
    order.totals.vatRate,
  );
  return [
    t.items,
    ...lines,
    fill(t.itemsTotal, { amount: money(order.totals.itemsListTotal) }),
    ...(reductions < 0 ? [fill(t.reductions, { amount: money(reductions) })] : []),
    fill(t.delivery, {
      method: t.deliveryMethods[order.delivery.method],
      amount: order.totals.delivery === 0 ? t.free : money(order.totals.delivery),
    }),
    ...(order.totals.paymentFee > 0 ? [fill(t.paymentFee, { amount: money(order.totals.paymentFee) })] : []),
    fill(t.total, { amount: money(order.totals.total), rate, tax: money(order.totals.tax) }),
    ...(order.payment.giftCard
      ? [
          fill(t.giftCard, { code: order.payment.giftCard.maskedCode, amount: money(-order.payment.giftCard.amount) }),
          fill(t.amountDue, { amount: money(order.totals.amountDue) }),
        ]
      : []),
  ];
}

function customerName(order: OrderDetails): string {
  return order.billingAddress.firstName || order.shippingAddress.firstName || order.email;
}

export function confirmationMail(order: OrderDetails, links: MailLinks): OutboxMessage {
  const shop = shopOf(order);
  const t = textsOf(shop);
  const values = { number: order.number, name: customerName(order) };
  const rendered = renderMail({
    subject: fill(t.confirmation.subject, values),
    preheader: t.confirmation.preheader,
    heading: fill(t.confirmation.heading, values),
    paragraphs: [
      t.confirmation.body,
      fill(t.orderNumber, values),
      ...summaryParagraphs(order, shop, t),
      fill(t.deliveryEstimate, {
        from: formatDay(order.delivery.dateRange.min, shop),
        to: formatDay(order.delivery.dateRange.max, shop),
      }),
      fill(t.shippingAddress, { address: addressLine(order, shop) }),
      ...paymentParagraphs(order, shop, t),
    ],
    action: { label: links.hasAccount ? t.viewOrder : t.trackOrder, url: orderPageUrl(links, order) },
    footer: t.footer,
    language: shop.language,
  });
  return { kind: "order-confirmation", to: order.email, orderId: order.id, ...rendered };
}

export type StatusMailEvent =
  | { type: "paid" }
  | { type: "shipped"; package: OrderPackage }
  | { type: "delivered" }
  | { type: "cancelled" }
  | { type: "refunded"; amount: number }
  | { type: "return_refunded"; returnNumber: string; amount: number }
  | { type: "return_rejected"; returnNumber: string; reason: string };

/** `returnDays`: the shop's return window (shop settings) the delivered mail names. */
export function statusMail(
  order: OrderDetails,
  event: StatusMailEvent,
  links: MailLinks,
  returnDays: number = RETURN_PERIOD_DAYS,
): OutboxMessage {
  const shop = shopOf(order);
  const t = textsOf(shop);
  const values = { number: order.number, name: customerName(order), days: returnDays };
  const hello = fill(t.hello, values);
  const base = { footer: t.footer, language: shop.language };
  switch (event.type) {
    case "paid": {
      const rendered = renderMail({
        ...base,
        subject: fill(t.paid.subject, values),
        heading: t.paid.heading,
        paragraphs: [hello, fill(t.paid.body, values)],
        action: { label: t.viewOrder, url: orderPageUrl(links, order) },
      });
      return { kind: "order-paid", to: order.email, orderId: order.id, ...rendered };
    }
    case "shipped": {
      const pkg = event.package;
      const rendered = renderMail({
        ...base,
        subject: fill(t.shipped.subject, values),
        heading: t.shipped.heading,
        paragraphs: [
          hello,
          fill(t.shipped.body, values),
          fill(t.shipped.tracking, { carrier: carrierName(pkg.carrier), trackingNumber: pkg.trackingNumber }),
          fill(t.deliveryEstimate, {
            from: formatDay(order.delivery.dateRange.min, shop),
            to: formatDay(order.delivery.dateRange.max, shop),
          }),
        ],
        action: { label: t.shipped.action, url: pkg.trackingUrl ?? orderPageUrl(links, order) },
      });
      return { kind: "order-shipped", to: order.email, orderId: order.id, ...rendered };
    }
    case "delivered": {
      const rendered = renderMail({
        ...base,
        subject: fill(t.delivered.subject, values),
        heading: t.delivered.heading,
        paragraphs: [hello, fill(t.delivered.body, values)],
        action: { label: t.delivered.action, url: storeUrl(links, order, `/returns-portal/?order=${order.number}`) },
      });
      return { kind: "order-delivered", to: order.email, orderId: order.id, ...rendered };
    }
    case "cancelled": {
      const rendered = renderMail({
        ...base,
        subject: fill(t.cancelled.subject, values),
        heading: t.cancelled.heading,
        paragraphs: [hello, fill(t.cancelled.body, values), t.cancelled.refund],
        action: { label: t.viewOrder, url: orderPageUrl(links, order) },
      });
      return { kind: "order-cancelled", to: order.email, orderId: order.id, ...rendered };
    }
    case "refunded": {
      const rendered = renderMail({
        ...base,
        subject: fill(t.refundedMail.subject, values),
        heading: t.refundedMail.heading,
        paragraphs: [hello, fill(t.refundedMail.body, { ...values, amount: formatMoney(event.amount, shop) })],
        action: { label: t.viewOrder, url: orderPageUrl(links, order) },
      });
      return { kind: "order-refunded", to: order.email, orderId: order.id, ...rendered };
    }
    case "return_refunded": {
      const more = { ...values, returnNumber: event.returnNumber, amount: formatMoney(event.amount, shop) };
      const rendered = renderMail({
        ...base,
        subject: fill(t.returnRefunded.subject, more),
        heading: t.returnRefunded.heading,
        paragraphs: [hello, fill(t.returnRefunded.body, more)],
        action: { label: t.viewOrder, url: orderPageUrl(links, order) },
      });
      return { kind: "return-refunded", to: order.email, orderId: order.id, ...rendered };
    }
    case "return_rejected": {
      const more = { ...values, returnNumber: event.returnNumber, reason: event.reason };
      const rendered = renderMail({
        ...base,
        subject: fill(t.returnRejected.subject, more),
        heading: t.returnRejected.heading,
        paragraphs: [hello, fill(t.returnRejected.body, more)],
        action: { label: t.viewOrder, url: orderPageUrl(links, order) },
      });
      return { kind: "return-rejected", to: order.email, orderId: order.id, ...rendered };
    }
  }
}

export function returnMail(
  order: OrderDetails,
  ret: { number: string; labelToken: string; carrier: string; lines: { lineId: number; quantity: number }[] },
  links: Pick<MailLinks, "publicUrl">,
): OutboxMessage {
  const shop = shopOf(order);
  const t = textsOf(shop);
  const values = { number: order.number, returnNumber: ret.number, carrier: carrierName(ret.carrier) };
  const items = ret.lines.flatMap((r) => {
    const line = order.lines.find((l) => l.id === r.lineId);
    return line ? [`${r.quantity} × ${line.name} (${line.colorLabel}, ${line.sizeLabel})`] : [];
  });
  const rendered = renderMail({
    subject: fill(t.returned.subject, values),
    heading: t.returned.heading,
    paragraphs: [
      fill(t.hello, { name: customerName(order) }),
      fill(t.returned.body, values),
      ...items,
      t.returned.refund,
    ],
    action: { label: t.returned.action, url: storeUrl(links, order, `/returns-label/${ret.labelToken}/`) },
    footer: t.footer,
    language: shop.language,
  });
  return { kind: "return-label", to: order.email, orderId: order.id, ...rendered };
}
