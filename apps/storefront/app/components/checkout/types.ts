import type {
  CheckoutAddress,
  CheckoutQuote,
  CheckoutStep,
  DeliveryMethodId,
  GiftCardError,
  PaymentMethodId,
  PaymentOption,
} from "@vitrine/commerce";

/** What the checkout page gets from its loader (lib/checkout.server.ts): the server's view of the checkout. */
export interface CheckoutPageData {
  /** `/de/checkout/` or `/de/app-checkout/`: every step posts here and links back here. */
  base: string;
  /** The same without the store prefix, for the shop's links: `/checkout/`. */
  path: "/checkout/" | "/app-checkout/";
  active: CheckoutStep | "review";
  complete: Record<CheckoutStep, boolean>;
  signedIn: { email: string; firstName: string } | null;
  loginPath: string;
  contact: { email: string | null; phone: string | null };
  shippingCountries: string[];
  billingCountries: string[];
  shippingAddress: CheckoutAddress | null;
  billingAddress: CheckoutAddress | null;
  billingSameAsShipping: boolean;
  savedAddresses: { id: number; isDefault: boolean; address: CheckoutAddress }[];
  /** A signed-in customer's new shipping address goes into the address book with the order. */
  saveShippingAddress: boolean;
  /** Signed in, with room in the address book: a new address may be saved. */
  canSaveAddress: boolean;
  deliveryMethod: DeliveryMethodId;
  paymentMethod: PaymentMethodId | null;
  paymentOptions: PaymentOption[];
  giftCard: { maskedCode: string; balance: number; amount: number } | null;
  giftCardProblem: GiftCardError | null;
  quote: CheckoutQuote;
  basketCount: number;
  /** A fresh key per rendered review: the same form sent twice places one order. */
  idempotencyKey: string;
  /** Back from the payment page without an order: why (`checkout.error.{code}`). */
  paymentError: string | null;
}

export interface FieldIssue {
  field: string;
  code: string;
  values?: Record<string, string | number>;
}

/** What a refused step answers: field problems, or one problem for the form (`checkout.error.{error}`). */
export interface CheckoutActionData {
  intent: string;
  issues?: FieldIssue[];
  error?: string;
  errorValues?: Record<string, string | number>;
  values?: Record<string, string>;
  outOfStock?: { name: string; size: string }[];
}
