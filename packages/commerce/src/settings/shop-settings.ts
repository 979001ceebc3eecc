import { z } from "zod";
import { type Actor, changedFields, recordAudit } from "../audit/audit.ts";
import { type Ctx, withTransaction } from "../context.ts";
import type { Db } from "../db/database.ts";
import { processReading } from "../db/process-reading.ts";
import { publishEvents } from "../events/publish.ts";
import { parseJson } from "../json.ts";
import { PAYMENT_METHOD_IDS, type PaymentMethodId, type PaymentSettings } from "../payments/methods.ts";
import { DEFAULT_SHIPPING_RATES, RETURN_PERIOD_DAYS, type ShippingRate } from "../shop/delivery.ts";
import { SHIPPING_COUNTRY_CODES, type ShippingCountry } from "../shop/shipping-countries.ts";
import { DEFAULT_SHOP_NAME } from "../shop/shop-name.ts";
import { SHOPS, type StoreCode } from "../shop/shops.ts";
import { getSetting, setSetting } from "./settings.ts";

/**
 * The owner's shop settings (back office `/admin/settings/`, `vitrine settings`): the shop's name, the legal details
 * of the imprint, the mail sender, the return window and, per store, the delivery prices with their free-shipping
 * thresholds and the payment methods it offers. One validated document in the `setting` table; every field has a
 * default equal to what the shop did before it was a setting, so an untouched shop behaves as it always did.
 *
 * Every process keeps its last reading for `SHOP_SETTINGS_TTL_MS` and drops it as soon as the event feed brings
 * `setting.changed` for `SHOP_SETTINGS_KEY` (storefront services), so a change is live everywhere within 2 s.
 */

export const SHOP_SETTINGS_KEY = "shop_settings";
/** How long a process trusts its last reading of the settings (the feed usually drops it sooner). */
export const SHOP_SETTINGS_TTL_MS = 1000;
/** Highest price or threshold accepted, in cents (10 000.00). */
const MAX_CENTS = 1_000_000;

const STORE_CODES = SHOPS.map((s) => s.code) as [StoreCode, ...StoreCode[]];

/** Why a field is refused: the back office words each code in its language, the CLI in English (`ISSUE_TEXTS`). */
export const SETTINGS_ISSUE_CODES = [
  "required",
  "too_long",
  "whole",
  "negative",
  "too_high",
  "email",
  "sender_name",
  "return_days",
  "payments_empty",
  "not_a_price",
  "invalid",
] as const;
export type SettingsIssueCode = (typeof SETTINGS_ISSUE_CODES)[number];

export const ISSUE_TEXTS: Record<SettingsIssueCode, string> = {
  required: "required",
  too_long: "too long",
  whole: "a whole number",
  negative: "not negative",
  too_high: `at most ${MAX_CENTS} cents`,
  email: "not a valid e-mail address",
  sender_name: 'no < > " or line breaks',
  return_days: "between 14 and 365 days",
  payments_empty: "at least one payment method",
  not_a_price: "not an amount (12.50)",
  invalid: "not a valid value",
};

const cents = z.number("invalid").int("whole").min(0, "negative").max(MAX_CENTS, "too_high");
const text = (max: number) => z.string("invalid").trim().max(max, "too_long");

const rateSchema = z.strictObject({
  standard: cents,
  express: cents,
  /** Basket value from which standard delivery is free; null: never free. */
  freeFrom: cents.nullable(),
});

const storeSchema = z.strictObject({
  shipping: z.strictObject(
    Object.fromEntries(SHIPPING_COUNTRY_CODES.map((c) => [c, rateSchema])) as Record<
      ShippingCountry,
      typeof rateSchema
    >,
  ),
  /** The methods this store may offer (narrows the environment's PAYMENT_METHODS further; never widens it). */
  payments: z
    .array(z.enum(PAYMENT_METHOD_IDS))
    .min(1, "payments_empty")
    .transform((list) => PAYMENT_METHOD_IDS.filter((id) => list.includes(id))),
});

export const shopSettingsSchema = z.strictObject({
  name: text(60).min(1, "required"),
  legal: z.strictObject({
    company: text(200),
    address: text(500),
    managingDirector: text(200),
    register: text(200),
    vatId: text(40),
    contact: text(200),
  }),
  mail: z.strictObject({
    /** Empty: the environment's MAIL_FROM. */
    fromName: text(100).refine((v) => !/[<>"\r\n]/.test(v), "sender_name"),
    /** Empty: the address of MAIL_FROM. */
    fromAddress: text(200).refine((v) => v === "" || z.email().safeParse(v).success, "email"),
  }),
  returnDays: z.number("invalid").int("whole").min(14, "return_days").max(365, "return_days"),
  stores: z.strictObject(
    Object.fromEntries(STORE_CODES.map((c) => [c, storeSchema])) as Record<StoreCode, typeof storeSchema>,
  ),
});

export type ShopSettings = z.output<typeof shopSettingsSchema>;
export type StoreSettings = ShopSettings["stores"][StoreCode];

function defaultStore(code: StoreCode): StoreSettings {
  const shop = SHOPS.find((s) => s.code === code);
  const currency = shop?.currency ?? "EUR";
  const shipping = Object.fromEntries(
    SHIPPING_COUNTRY_CODES.map((country) => {
      const rate = DEFAULT_SHIPPING_RATES[country][currency];
      return [country, { standard: rate.standard, express: rate.express, freeFrom: rate.freeFrom }];
    }),
  ) as Record<ShippingCountry, ShippingRate>;
  return { shipping, payments: [...PAYMENT_METHOD_IDS] };
}

/** What a shop that never saved its settings uses: today's constants. */
export function defaultShopSettings(): ShopSettings {
  return {
    name: DEFAULT_SHOP_NAME,
    legal: { company: "", address: "", managingDirector: "", register: "", vatId: "", contact: "" },
    mail: { fromName: "", fromAddress: "" },
    returnDays: RETURN_PERIOD_DAYS,
    stores: Object.fromEntries(STORE_CODES.map((c) => [c, defaultStore(c)])) as ShopSettings["stores"],
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Fills what `partial` leaves out from `base` (objects merged key by key; arrays and values replace). */
function merge(base: unknown, partial: unknown): unknown {
  if (!isObject(base) || !isObject(partial)) return partial === undefined ? base : partial;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(partial)) out[key] = merge(base[key], value);
  return out;
}

export interface SettingsIssue {
  /** Dotted path of the field (`stores.de.shipping.DE.freeFrom`). */
  field: string;
  code: SettingsIssueCode;
}

const issueCode = (message: string): SettingsIssueCode =>
  (SETTINGS_ISSUE_CODES as readonly string[]).includes(message) ? (message as SettingsIssueCode) : "invalid";

/** The issues in English, one line: `name: required; returnDays: between 14 and 365 days`. */
export function issuesDetail(issues: readonly SettingsIssue[]): string {
  return issues.map((i) => `${i.field}: ${ISSUE_TEXTS[i.code]}`).join("; ");
}

export type ShopSettingsResult =
  | { ok: true; settings: ShopSettings; changed: boolean }
  | { ok: false; error: "InvalidInput"; issues: SettingsIssue[]; detail: string };

/** Checks a (partial) settings document against the current one: every problem at once. */
export function validateShopSettings(
  current: ShopSettings,
  change: unknown,
): { ok: true; settings: ShopSettings } | { ok: false; issues: SettingsIssue[] } {
  const parsed = shopSettingsSchema.safeParse(merge(current, change));
  if (parsed.success) return { ok: true, settings: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((i) => ({ field: i.path.map(String).join("."), code: issueCode(i.message) })),
  };
}

/** The stored settings, read fresh (back office, CLI). A stored document that no longer validates falls back field by field. */
export async function readShopSettings(ctx: Pick<Ctx, "db">): Promise<ShopSettings> {
  const stored = parseJson<unknown>(await getSetting(ctx, SHOP_SETTINGS_KEY), null);
  const defaults = defaultShopSettings();
  if (!isObject(stored)) return defaults;
  const whole = validateShopSettings(defaults, stored);
  if (whole.ok) return whole.settings;
  // Keep every top-level section that is still valid on its own.
  let settings = defaults;
  for (const [key, value] of Object.entries(stored)) {
    const one = validateShopSettings(settings, { [key]: value });
    if (one.ok) settings = one.settings;
  }
  return settings;
}

const reading = processReading(SHOP_SETTINGS_TTL_MS, (db) => readShopSettings({ db }));

/** The settings as the shop uses them: this process's reading, at most `SHOP_SETTINGS_TTL_MS` old. */
export function shopSettings(ctx: Pick<Ctx, "db">, now = Date.now()): Promise<ShopSettings> {
  return reading.get(ctx.db, now);
}

/** Drops this process's reading (the feed brought a change, or this process made one). */
export function forgetShopSettings(db: Db): void {
  reading.forget(db);
}

/** Whether feed events concern the shop settings (the storefront drops its reading and every cached page). */
export function concernsShopSettings(events: readonly { type: string; entityId: string }[]): boolean {
  return events.some((e) => e.type === "setting.changed" && e.entityId === SHOP_SETTINGS_KEY);
}

/**
 * Changes settings (a partial document: only the fields given change): validated as a whole, every problem at once,
 * then stored, audited (changed fields only) and published as `setting.changed` in one transaction.
 */
export function updateShopSettings(ctx: Ctx, actor: Actor, change: unknown): Promise<ShopSettingsResult> {
  return withTransaction(ctx, async (tx): Promise<ShopSettingsResult> => {
    const before = await readShopSettings(tx);
    const checked = validateShopSettings(before, change);
    if (!checked.ok) {
      return {
        ok: false,
        error: "InvalidInput",
        issues: checked.issues,
        detail: issuesDetail(checked.issues),
      };
    }
    const after = checked.settings;
    const diff = changedFields(flatten(before), flatten(after));
    if (!diff) return { ok: true, settings: after, changed: false };
    const now = tx.clock.now();
    await setSetting(tx, SHOP_SETTINGS_KEY, JSON.stringify(after), now);
    await publishEvents(
      tx,
      [
        {
          type: "setting.changed",
          entity: "setting",
          entityId: SHOP_SETTINGS_KEY,
          payload: { fields: Object.keys(diff.after) },
        },
      ],
      now,
    );
    await recordAudit(tx, actor, {
      action: "settings.update",
      subjectType: "setting",
      subjectId: SHOP_SETTINGS_KEY,
      before: diff.before,
      after: diff.after,
    });
    reading.forget(ctx.db);
    return { ok: true, settings: after, changed: true };
  });
}

/** `{ a: { b: 1 } }` → `{ "a.b": 1 }` (arrays stay values): the fields the audit and the CLI name. */
export function flatten(value: unknown, prefix = "", out: Record<string, unknown> = {}): Record<string, unknown> {
  if (isObject(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else out[prefix] = value;
  return out;
}

/** `("a.b", 1)` → `{ a: { b: 1 } }`: the partial document one field makes (CLI `settings set`). */
export function settingsPatch(path: string, value: unknown): unknown {
  return path
    .split(".")
    .reverse()
    .reduce<unknown>((inner, key) => ({ [key]: inner }), value);
}

/** The store's delivery prices (the table `deliveryMethodsFor` prices with). */
export function shippingRatesOf(settings: ShopSettings, store: StoreCode): Record<ShippingCountry, ShippingRate> {
  return settings.stores[store].shipping;
}

/** The payment settings of a store as checkout uses them: the environment's methods, narrowed by the store's setting. */
export function narrowPaymentSettings(payment: PaymentSettings, settings: ShopSettings): PaymentSettings {
  const methods = { ...payment.methods };
  for (const code of STORE_CODES) {
    const offered: readonly PaymentMethodId[] = settings.stores[code].payments;
    methods[code] = payment.methods[code].filter((id) => offered.includes(id));
  }
  return { ...payment, methods };
}

/** The mail sender: the owner's name and address where given, else the environment's MAIL_FROM. */
export function mailSender(settings: ShopSettings, configured: string): string {
  const { fromName, fromAddress } = settings.mail;
  if (!fromName && !fromAddress) return configured;
  const address = fromAddress || /<([^>]+)>/.exec(configured)?.[1] || configured.trim();
  return fromName ? `"${fromName}" <${address}>` : address;
}
