import type { Generated } from "kysely";

/**
 * Tables of the accounts module (see ../schema.ts for the conventions; migration 0004_accounts).
 *
 * The `auth_*` tables belong to better-auth: only customers/auth.ts (through better-auth) writes them. Their
 * timestamps and flags are native on PostgreSQL (Date, boolean) and ISO text / 0-1 on SQLite, as better-auth's
 * Kysely adapter stores them, hence the union types.
 */
type AuthTimestamp = Date | string;
type AuthFlag = boolean | number;

export interface AuthUserTable {
  id: string;
  /** Display name ("first last"), kept in step with the customer profile. */
  name: string;
  /** Lowercase. */
  email: string;
  email_verified: AuthFlag;
  image: string | null;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
}

export interface AuthSessionTable {
  id: string;
  expires_at: AuthTimestamp;
  token: string;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
}

export interface AuthAccountTable {
  id: string;
  account_id: string;
  /** `credential` for e-mail and password. */
  provider_id: string;
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: AuthTimestamp | null;
  refresh_token_expires_at: AuthTimestamp | null;
  scope: string | null;
  /** The password hash (better-auth's scrypt), never the password. */
  password: string | null;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
}

export interface AuthVerificationTable {
  id: string;
  /** `reset-password:{token}`, hashed (better-auth `verification.storeIdentifier: "hashed"`). */
  identifier: string;
  value: string;
  expires_at: AuthTimestamp;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
}

/** The shop's customer profile; `id` is the better-auth user id. */
export interface CustomerTable {
  id: string;
  /** Customer number shown to the shopper and to service staff. */
  reference_key: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  /** `yyyy-mm-dd`. */
  birth_date: string | null;
  /** A customer created by a guest checkout: no password until they set one. */
  is_guest: number;
  /** Null until the first order: the customer is in group `new` until then. */
  first_order_at: string | null;
  created_at: string;
  updated_at: string;
  /** Erased on request (GDPR): the row stays, anonymised, because orders name it. */
  erased_at: Generated<string | null>;
}

export interface CustomerAddressTable {
  id: Generated<number>;
  customer_id: string;
  first_name: string;
  last_name: string;
  /** Street and house number. */
  street: string;
  /** Second address line (c/o, floor, Packstation customer number); empty when none. */
  address_line2: string;
  zip_code: string;
  city: string;
  /** A shipping country code of the shop (`DE`, `AT`, `CH`, `GB`). */
  country_code: string;
  is_default: number;
  created_at: string;
  updated_at: string;
}

export interface LoyaltyCardTable {
  /** 13-digit card number with a check digit. */
  number: string;
  customer_id: string;
  /** `Temporary_Card`, `Basic_Card` or `VIP_Card`: also the customer's loyalty group. */
  tier: string;
  points_balance: number;
  lifetime_points: number;
  created_at: string;
  updated_at: string;
}

export interface NewsletterSubscriptionTable {
  customer_id: string;
  /** Store language: `de`, `fr` or `en`. */
  language: string;
  subscribed_at: string;
}

export interface SubscriptionCancellationTable {
  id: Generated<number>;
  customer_id: string;
  language: string;
  reason: string;
  comment: string;
  created_at: string;
}

/** Fixed-window counters of the rate limiter (rate-limit/rate-limit.ts), shared by every process. */
export interface RateLimitTable {
  /** `{rule}:{scope}:{hashed subject}`. */
  key: string;
  hits: number;
  window_ends_at: string;
}

export interface AccountsTables {
  auth_user: AuthUserTable;
  auth_session: AuthSessionTable;
  auth_account: AuthAccountTable;
  auth_verification: AuthVerificationTable;
  customer: CustomerTable;
  customer_address: CustomerAddressTable;
  loyalty_card: LoyaltyCardTable;
  newsletter_subscription: NewsletterSubscriptionTable;
  subscription_cancellation: SubscriptionCancellationTable;
  rate_limit: RateLimitTable;
}
