import type { Ctx } from "@vitrine/commerce";
import {
  type CheckoutContext,
  carrierName,
  formatMoney,
  type OrderDetails,
  publicUrl,
  returnableQuantity,
  returnWindow,
  type Shopper,
  shopByCode,
  wakeJob,
} from "@vitrine/commerce";
import type { OrderView } from "../components/orders/types.ts";
import { accountAuth, type CurrentCustomer, getCustomer } from "./auth.server.ts";
import { shopperOf } from "./basket.server.ts";
import { isHttps } from "./security.server.ts";
import type { Services } from "./services.server.ts";
import type { StoreRequest } from "./shop.server.ts";

/** Checkout and orders for route loaders and actions: contexts, what follows a placed order, who may see one. */

export function checkoutContext(store: StoreRequest, request: Request): CheckoutContext {
  return {
    ...store.ctx,
    auth: accountAuth(store.services, isHttps(request, store.services.config)),
    publicUrl: publicUrl(store.services.config),
  };
}

export function ordersContext(store: StoreRequest): Ctx {
  return store.ctx;
}

export async function checkoutShopper(
  store: StoreRequest,
  request: Request,
): Promise<{ customer: CurrentCustomer | null; shopper: Shopper }> {
  const customer = await getCustomer(store, request);
  return { customer, shopper: shopperOf(store, customer) };
}

/**
 * A mail was queued (the order's confirmation, a return label, an account mail): the worker's mail job becomes due
 * now, so whichever worker ticks next sends it with its own settings, within a second. The mail is safe in the
 * database already; the shopper does not wait for the transport.
 */
export function deliverMailSoon(services: Services): void {
  void wakeJob(services, "mail").catch((error: unknown) => {
    services.log.error({ err: error }, "waking the mail job failed (the mail leaves at the job's next period)");
  });
}

/** The placed order for the search service: it feeds "bought together" and popularity. */
async function recordPurchase(store: StoreRequest, order: OrderDetails): Promise<void> {
  const lines = order.lines.filter((l) => !l.isGift).map((l) => ({ productId: l.productId, quantity: l.quantity }));
  if (lines.length === 0) return;
  try {
    await store.services.search.recordOrder({ storeCode: order.storeCode, number: order.number, lines });
  } catch (error) {
    store.ctx.log.error({ err: error }, "recording the purchase for the search service failed");
  }
}

/**
 * After a placement (not a replay): the purchase goes to the search service and the mail goes out. A guest stays
 * a guest (the confirmation is theirs through the browser): typing an e-mail address at checkout proves nothing.
 */
export async function afterOrderPlaced(store: StoreRequest, order: OrderDetails, replayed: boolean): Promise<void> {
  if (replayed) return;
  await recordPurchase(store, order);
  deliverMailSoon(store.services);
}

/** An order is the shopper's when the checkout's browser or the signed-in customer placed it. */
export function isOwnOrder(order: OrderDetails, store: StoreRequest, customer: CurrentCustomer | null): boolean {
  if (customer && order.customerId === customer.id) return true;
  return order.owner.kind === "browser" && order.owner.id === store.browserId;
}

/** The order as the pages show it; `full` adds what only its customer may see (addresses, payment, totals). */
export function toOrderView(
  order: OrderDetails,
  options: { full: boolean; now: Date /** The shop's return window (shop settings). */; returnDays?: number },
): OrderView {
  const nameOf = (lineId: number) => {
    const line = order.lines.find((l) => l.id === lineId);
    return line ? `${line.name} (${line.sizeLabel})` : "";
  };
  const window = returnWindow(order, options.now, options.returnDays);
  const shop = shopByCode(order.storeCode);
  const money = (cents: number) => (shop ? formatMoney(cents, shop) : String(cents));
  const refundedFor = (returnNumber: string) =>
    order.history
      .filter((e) => e.type === "return_refunded" && e.data.returnNumber === returnNumber)
      .reduce((sum, e) => sum + Number(e.data.amount ?? 0), 0);
  return {
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    placedAt: order.placedAt,
    deliveryMethod: order.delivery.method,
    deliveryRange: order.delivery.dateRange,
    lines: order.lines.map((l) => ({
      id: l.id,
      key: String(l.id),
      name: l.name,
      brand: l.brand,
      colorLabel: l.colorLabel,
      sizeLabel: l.sizeLabel,
      quantity: l.quantity,
      total: l.total,
      regularTotal: l.unitPrice * l.quantity,
      imageUrl: l.imageUrl,
      isGift: l.isGift,
      backorder: l.backorder,
      returned: l.returnedQuantity,
      returnable: window.open ? returnableQuantity(l) : 0,
    })),
    packages: order.packages.map((p) => ({
      id: p.id,
      carrierName: carrierName(p.carrier),
      trackingNumber: p.trackingNumber,
      trackingUrl: p.trackingUrl,
      shippedAt: p.shippedAt,
      deliveredAt: p.deliveredAt,
      items: p.lines.map((l) => ({ name: nameOf(l.lineId), quantity: l.quantity })),
    })),
    history: order.history.map((e) => {
      if (typeof e.data.carrier === "string")
        return { ...e, data: { ...e.data, carrier: carrierName(e.data.carrier) } };
      // Refunds carry cents: the page shows money.
      if (typeof e.data.amount === "number") return { ...e, data: { ...e.data, amount: money(e.data.amount) } };
      return e;
    }),
    returns: order.returns.map((r) => ({
      number: r.number,
      createdAt: r.createdAt,
      // The label shows the sender's address: only for the order's own customer, and only while it is on its way.
      labelPath: options.full && r.status === "registered" ? `/returns-label/${r.labelToken}/` : null,
      status: r.status,
      statusAt: r.rejectedAt ?? r.refundedAt ?? r.receivedAt,
      rejectReason: r.rejectReason,
      refunded: r.status === "refunded" ? money(refundedFor(r.number)) : null,
      items: r.lines.map((l) => ({ name: nameOf(l.lineId), quantity: l.quantity, reason: l.reason })),
    })),
    private: options.full
      ? {
          email: order.email,
          shippingAddress: order.shippingAddress,
          billingAddress: order.billingAddress,
          paymentMethod: order.payment.method,
          giftCard: order.payment.giftCard,
          card: order.payment.card,
          instructions: order.payment.instructions,
          totals: {
            currency: order.currency,
            itemsListTotal: order.totals.itemsListTotal,
            reductions: order.totals.reductions.map((r) => ({
              key: `${r.category}:${r.promotionId ?? ""}`,
              category: r.category,
              name: r.name ?? null,
              amount: r.amount,
            })),
            deliveryMethod: order.delivery.method,
            deliveryPrice: order.totals.delivery,
            paymentFee: order.totals.paymentFee,
            giftCard: order.payment.giftCard,
            total: order.totals.total,
            amountDue: order.totals.amountDue,
            tax: order.totals.tax,
            vatRate: order.totals.vatRate,
          },
        }
      : null,
    returnWindow: window.open
      ? { open: true, deadline: window.deadline }
      : { open: false, reason: window.reason, deadline: window.deadline },
  };
}
