import type {
  CheckoutAddress,
  DeliveryMethodId,
  OrderEventType,
  OrderPaymentStatus,
  OrderStatus,
  PaymentInstructions,
  PaymentMethodId,
} from "@vitrine/commerce";
import type { SummaryLine, SummaryTotals } from "../checkout/OrderSummary.tsx";

/**
 * An order as the pages show it (lib/orders.server.ts `toOrderView`). The tracking form's view leaves out what
 * only the customer should see (addresses, payment, e-mail).
 */
export interface OrderView {
  number: string;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  placedAt: string;
  deliveryMethod: DeliveryMethodId;
  deliveryRange: { min: string; max: string };
  lines: (SummaryLine & { id: number; returnable: number })[];
  packages: {
    id: number;
    carrierName: string;
    trackingNumber: string;
    trackingUrl: string | null;
    shippedAt: string;
    deliveredAt: string | null;
    items: { name: string; quantity: number }[];
  }[];
  history: { type: OrderEventType; at: string; data: Record<string, string | number | null> }[];
  returns: {
    number: string;
    createdAt: string;
    /** The printable label (the customer's own view only: it shows the sender's address). */
    labelPath: string | null;
    /** registered → received → refunded, or rejected (with the reason the customer was mailed). */
    status: "registered" | "received" | "refunded" | "rejected";
    /** When it reached that status (null while registered). */
    statusAt: string | null;
    rejectReason: string | null;
    /** What was paid back for it, formatted (refunded returns). */
    refunded: string | null;
    items: { name: string; quantity: number; reason: string }[];
  }[];
  /** The customer's own view: addresses, payment, totals. */
  private: {
    email: string;
    shippingAddress: CheckoutAddress;
    billingAddress: CheckoutAddress;
    paymentMethod: PaymentMethodId | null;
    giftCard: { maskedCode: string; amount: number } | null;
    card: { brand: string; last4: string } | null;
    instructions: PaymentInstructions | null;
    totals: SummaryTotals;
  } | null;
  /** Return period: open until (ISO), or why not. */
  returnWindow: { open: true; deadline: string } | { open: false; reason: string; deadline: string | null };
}
