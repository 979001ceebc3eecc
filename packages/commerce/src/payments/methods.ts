import { addDays, isoDay } from "../clock.ts";
import { DEFAULT_PAYMENT_METHODS, type VitrineConfig } from "../config.ts";
import { CASH_ON_DELIVERY_FEE } from "../shop/delivery.ts";
import type { ShippingCountry } from "../shop/shipping-countries.ts";
import { type Currency, type Shop, type StoreCode, shopByCode } from "../shop/shops.ts";

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

export interface BankAccount {
  holder: string;
  bank: string;
  iban: string;
  bic: string;
}

/**
 * The operator's payment settings (config.ts, README "Payments"): the shop's legal name, its bank account per
 * currency for invoice and prepayment, the days to pay, and the methods each store offers.
 */
export interface PaymentSettings {
  legalName: string | undefined;
  /** Only the currencies the operator gave an account for: invoice and prepayment need one. */
  accounts: Partial<Record<Currency, BankAccount>>;
  invoiceDueDays: number;
  prepaymentDueDays: number;
  methods: Record<StoreCode, readonly PaymentMethodId[]>;
}

type PaymentConfig = Pick<
  VitrineConfig,
  | "SHOP_LEGAL_NAME"
  | "BANK_ACCOUNT_EUR"
  | "BANK_ACCOUNT_CHF"
  | "INVOICE_DUE_DAYS"
  | "PREPAYMENT_DUE_DAYS"
  | "PAYMENT_METHODS"
>;

/** An account from its setting; none without the setting or without anybody to name as its holder. */
function bankAccount(value: string | undefined, legalName: string | undefined): BankAccount | undefined {
  if (value === undefined) return undefined;
  const [holder = "", bank = "", iban = "", bic = ""] = value.split("|").map((part) => part.trim());
  const named = holder || legalName;
  return named ? { holder: named, bank, iban, bic } : undefined;
}

function accountsOf(config: PaymentConfig): Partial<Record<Currency, BankAccount>> {
  const accounts: Partial<Record<Currency, BankAccount>> = {};
  for (const [currency, value] of [
    ["EUR", config.BANK_ACCOUNT_EUR],
    ["CHF", config.BANK_ACCOUNT_CHF],
  ] as const) {
    const account = bankAccount(value, config.SHOP_LEGAL_NAME);
    if (account) accounts[currency] = account;
  }
  return accounts;
}

const STORE_CODES: readonly StoreCode[] = ["de", "at", "ch", "fr-ch", "en"];

function storeMethods(value: string, fallback?: Record<StoreCode, readonly PaymentMethodId[]>) {
  const methods = {} as Record<StoreCode, readonly PaymentMethodId[]>;
  for (const code of STORE_CODES) methods[code] = fallback?.[code] ?? [];
  for (const entry of value.split(";")) {
    const [store, list = ""] = entry.split(":");
    if (STORE_CODES.includes(store as StoreCode)) {
      methods[store as StoreCode] = list.split("+").filter(isPaymentMethodId);
    }
  }
  return methods;
}

const settingsCache = new WeakMap<object, PaymentSettings>();

export function paymentSettings(config: PaymentConfig): PaymentSettings {
  let settings = settingsCache.get(config);
  if (!settings) {
    settings = {
      legalName: config.SHOP_LEGAL_NAME,
      accounts: accountsOf(config),
      invoiceDueDays: config.INVOICE_DUE_DAYS,
      prepaymentDueDays: config.PREPAYMENT_DUE_DAYS,
      methods: storeMethods(config.PAYMENT_METHODS, storeMethods(DEFAULT_PAYMENT_METHODS)),
    };
    settingsCache.set(config, settings);
  }
  return settings;
}

/** What a transfer order tells its customer: the account and the day to pay by (kept with the order). */
export interface TransferTerms {
  account: BankAccount;
  dueDate: string;
}

/** The transfer terms of a new invoice or prepayment order; null for other methods. */
export function transferTerms(
  settings: PaymentSettings,
  method: PaymentMethodId | null,
  currency: Currency,
  placedAt: string,
): TransferTerms | null {
  if (method !== "invoice" && method !== "prepayment") return null;
  const account = settings.accounts[currency];
  // Checkout offers a transfer only where the currency has an account (availablePaymentMethods).
  if (!account) throw new Error(`no bank account for ${currency}: ${method} cannot be offered`);
  const days = method === "invoice" ? settings.invoiceDueDays : settings.prepaymentDueDays;
  return { account, dueDate: isoDay(addDays(new Date(placedAt), days)) };
}

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

/** Where an order goes: the store and the delivery country. */
export interface PaymentPlace {
  shop: Shop;
  shippingCountry: ShippingCountry;
}

export interface PaymentEligibility extends PaymentPlace {
  settings: PaymentSettings;
}

export interface PlacedOrderPayment {
  /** Invoice and prepayment: the account and due date the order was placed with. */
  terms: TransferTerms | null;
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
  fee(input: PaymentPlace): number;
  /** The payment status of a new order this method pays. */
  statusAtPlacement: OrderPaymentStatus;
  /** What the confirmation tells the shopper to do, if anything. */
  instructions(order: PlacedOrderPayment): PaymentInstructions | null;
}

const always = () => true;
/** A transfer needs the shop's account in the store's currency. */
const hasAccount = ({ shop, settings }: PaymentEligibility) => settings.accounts[shop.currency] !== undefined;
const noFee = () => 0;
const none = () => null;

const bankTransfer =
  (method: "invoice" | "prepayment") =>
  (order: PlacedOrderPayment): PaymentInstructions | null =>
    order.terms
      ? {
          kind: "bank_transfer",
          method,
          account: order.terms.account,
          reference: order.number,
          amount: order.amountDue,
          currency: order.currency,
          dueDate: order.terms.dueDate,
        }
      : null;

export const PAYMENT_PROVIDERS: Record<PaymentMethodId, PaymentProvider> = {
  invoice: {
    id: "invoice",
    hosted: false,
    isAvailable: hasAccount,
    fee: noFee,
    statusAtPlacement: "awaiting_payment",
    instructions: bankTransfer("invoice"),
  },
  prepayment: {
    id: "prepayment",
    hosted: false,
    isAvailable: hasAccount,
    fee: noFee,
    statusAtPlacement: "awaiting_payment",
    instructions: bankTransfer("prepayment"),
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

/** The methods a checkout may use: the store's (PAYMENT_METHODS), available for the delivery country. */
export function availablePaymentMethods(input: PaymentEligibility): PaymentProvider[] {
  return input.settings.methods[input.shop.code]
    .map((id) => PAYMENT_PROVIDERS[id])
    .filter((provider) => provider.isAvailable(input));
}

/**
 * The stores whose list names invoice or prepayment but whose currency has no bank account yet: checkout leaves
 * those methods out there (the start logs it, `vitrine config` shows the settings).
 */
export function transfersWithoutAccount(settings: PaymentSettings): { store: StoreCode; currency: Currency }[] {
  return STORE_CODES.filter((code) =>
    settings.methods[code].some((method) => method === "invoice" || method === "prepayment"),
  )
    .map((store) => ({ store, currency: (shopByCode(store) as Shop).currency }))
    .filter(({ currency }) => !settings.accounts[currency]);
}
