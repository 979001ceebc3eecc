/** Staff of the back office (migration 0013_staff; packages/commerce/src/staff). */
export interface StaffUserTable {
  id: string;
  /** Lower-case. */
  email: string;
  name: string;
  /** `owner`, `customer_service`, `warehouse` or `merchandiser`. */
  role: string;
  /** `invited` (set-up link not used yet), `active` or `deactivated`. */
  status: string;
  /** scrypt (better-auth's hashing, as customer passwords); null until the set-up link is used. */
  password_hash: string | null;
  /** The TOTP key, encrypted with the process secret; null until enrolled. */
  totp_secret: string | null;
  /** The key shown on the set-up page until the first code confirms it (encrypted). */
  totp_pending_secret: string | null;
  /** The last TOTP time step accepted: a code works once. */
  totp_last_step: number;
  /** JSON array of SHA-256 hashes of the unused backup codes. */
  backup_codes: string;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string | null;
}

export interface StaffSessionTable {
  /** Public id (the session list, "sign out" of one session). */
  id: string;
  /** SHA-256 of the cookie's token: a copy of the database signs nobody in. */
  token_hash: string;
  staff_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip_address: string | null;
  user_agent: string | null;
}

export interface StaffSetupTokenTable {
  /** SHA-256 of the link's token. */
  token_hash: string;
  staff_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface StaffTables {
  staff_user: StaffUserTable;
  staff_session: StaffSessionTable;
  staff_setup_token: StaffSetupTokenTable;
}
