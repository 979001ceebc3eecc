import { addDays, isoDay } from "../clock.ts";
import { CASH_ON_DELIVERY_FEE } from "../shop/delivery.ts";
import type { ShippingCountry } from "../shop/shipping-countries.ts";
import type { Currency, Shop, StoreCode } from "../shop/shops.ts";

/**
 * Payment methods behind one provider interface (a strategy per method, like Vendure's payment handlers): which
 * stores and delivery countries may use a method, its fee, whether the shopper pays on a hosted provider page
 * before the order exists (card, PayPal), the payment status a new order starts with, and the instructions the
 * confirmation shows. A gift card is not a method: it is a balance applied first (gift-cards.ts); a method pays
 * what is left.
 */

export const PAYMENT_METHOD_IDS = ["invoice", "prepayment", "cash_on_delivery", "credit_card", "paypal"] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

export function isPaymentMethodId(value: unknown): value is PaymentMethodId {
  return typeof value === "string" && (PAYMENT_METHOD_IDS as readonly string[]).includes(value);
}

/** `awaiting_payment` (invoice, prepayment), `paid`, `due_on_delivery` (cash on delivery), `refunded`. */
export type OrderPaymentStatus = "awaiting_payment" | "paid" | "due_on_delivery" | "refunded";

/** Days to pay an invoice, and to transfer a prepayment before the order is cancelled. */
export const INVOICE_DUE_DAYS = 14;
export const PREPAYMENT_DUE_DAYS = 7;

export interface BankAccount {
  holder: string;
  bank: string;
  iban: string;
  bic: string;
}

/** The shop's accounts for transfers, by currency. */
export const SHOP_BANK_ACCOUNTS: Record<Currency, BankAccount> = {
  EUR: { holder: "Vitrine GmbH", bank: "Commerzbank Köln", iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX" },
  CHF: { holder: "Vitrine Schweiz AG", bank: "PostFinance", iban: "CH93 0076 2011 6238 5295 7", bic: "POFICHBEXXX" },
};

export type PaymentInstructions =
  | {
      kind: "bank_transfer";
      /** invoice: pay by the due date after delivery; prepayment: the order ships when the money is in. */
      method: "invoice" | "prepayment";
      account: BankAccount;
      reference: string;
      amount: number;
      currency: Currency;
      dueDate: string;
    }
  | { kind: "cash_on_delivery"; amount: number; fee: number; currency: Currency };

export interface PaymentEligibility {
  shop: Shop;
  shippingCountry: ShippingCountry;
}

export interface PlacedOrderPayment {
  number: string;
  amountDue: number;
  paymentFee: number;
  currency: Currency;
  placedAt: string;
}

export interface PaymentProvider {
  id: PaymentMethodId;
  /** The shopper authorizes on the provider's hosted page before the order is placed. */
  hosted: boolean;
  /** Whether the method can pay an order shipped to this country (the store's list decides the rest). */
  isAvailable(input: PaymentEligibility): boolean;
  /** A fee on top of the order, in cents of the store's currency. */
  fee(input: PaymentEligibility): number;
  /** The payment status of a new order this method pays. */
  statusAtPlacement: OrderPaymentStatus;
  /** What the confirmation tells the shopper to do, if anything. */
  instructions(order: PlacedOrderPayment): PaymentInstructions | null;
}

const always = () => true;
const noFee = () => 0;
const none = () => null;

const bankTransfer =
  (method: "invoice" | "prepayment", days: number) =>
  (order: PlacedOrderPayment): PaymentInstructions => ({
    kind: "bank_transfer",
    method,
    account: SHOP_BANK_ACCOUNTS[order.currency],
    reference: order.number,
    amount: order.amountDue,
    currency: order.currency,
    dueDate: isoDay(addDays(new Date(order.placedAt), days)),
  });

export const PAYMENT_PROVIDERS: Record<PaymentMethodId, PaymentProvider> = {
  invoice: {
    id: "invoice",
    hosted: false,
    isAvailable: always,
    fee: noFee,
    statusAtPlacement: "awaiting_payment",
    instructions: bankTransfer("invoice", INVOICE_DUE_DAYS),
  },
  prepayment: {
    id: "prepayment",
    hosted: false,
    isAvailable: always,
    fee: noFee,
    statusAtPlacement: "awaiting_payment",
    instructions: bankTransfer("prepayment", PREPAYMENT_DUE_DAYS),
  },
  cash_on_delivery: {
    id: "cash_on_delivery",
    hosted: false,
    // Cash on delivery is offered in Germany only.
    isAvailable: ({ shippingCountry }) => shippingCountry === "DE",
    fee: () => CASH_ON_DELIVERY_FEE,
    statusAtPlacement: "due_on_delivery",
    instructions: (order) => ({
      kind: "cash_on_delivery",
      amount: order.amountDue,
      fee: order.paymentFee,
      currency: order.currency,
    }),
  },
  credit_card: {
    id: "credit_card",
    hosted: true,
    isAvailable: always,
    fee: noFee,
    statusAtPlacement: "paid",
    instructions: none,
  },
  paypal: {
    id: "paypal",
    hosted: true,
    isAvailable: always,
    fee: noFee,
    statusAtPlacement: "paid",
    instructions: none,
  },
};

/**
 * The methods each store offers, in the order checkout lists them. The international store takes no invoices
 * (no credit check abroad); cash on delivery appears only for deliveries to Germany.
 */
export const STORE_PAYMENT_METHODS: Record<StoreCode, readonly PaymentMethodId[]> = {
  de: ["credit_card", "paypal", "invoice", "prepayment", "cash_on_delivery"],
  at: ["credit_card", "paypal", "invoice", "prepayment"],
  ch: ["credit_card", "paypal", "invoice", "prepayment"],
  "fr-ch": ["credit_card", "paypal", "invoice", "prepayment"],
  en: ["credit_card", "paypal", "prepayment", "cash_on_delivery"],
};

/** The methods a checkout may use: the store's, available for the delivery country. */
export function availablePaymentMethods(input: PaymentEligibility): PaymentProvider[] {
  return STORE_PAYMENT_METHODS[input.shop.code]
    .map((id) => PAYMENT_PROVIDERS[id])
    .filter((provider) => provider.isAvailable(input));
}
