/**
 * The back office's roles and what each may open: plain data, safe for the browser too
 * (`@vitrine/commerce/staff-roles`). The server checks them on every request (`requireStaff`).
 */
export const STAFF_ROLES = ["owner", "customer_service", "warehouse", "merchandiser"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/** What each back-office area lets in: every loader and action of an area checks its roles on the server. */
export const STAFF_AREAS = {
  dashboard: ["owner", "customer_service", "warehouse", "merchandiser"],
  orders: ["owner", "customer_service", "warehouse"],
  returns: ["owner", "customer_service", "warehouse"],
  /** Refunds, cancellations and gift cards: money leaves the shop. */
  refunds: ["owner", "customer_service"],
  customers: ["owner", "customer_service"],
  audit: ["owner"],
  /** The catalogue's vocabulary: product types, colours, materials, attributes. */
  vocabulary: ["owner", "merchandiser"],
  /** Search merchandising (rules, synonyms) and search analytics. */
  search: ["owner", "merchandiser"],
  /** Product pictures: upload, order, alt texts. */
  media: ["owner", "merchandiser"],
  /** The catalogue: products, prices, stock, import and export. */
  catalog: ["owner", "merchandiser"],
  staff: ["owner"],
  /** Promotions, content pages and redirects: what the shop shows and where its paths lead. */
  marketing: ["owner", "merchandiser"],
  /** Maintenance mode closes the whole shop: the owner's decision. */
  maintenance: ["owner"],
  /** Shop settings: name, logo, legal details, mail sender, delivery prices, return window, payment methods. */
  settings: ["owner"],
  /** Every signed-in staff member: their own sessions and settings. */
  self: ["owner", "customer_service", "warehouse", "merchandiser"],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffArea = keyof typeof STAFF_AREAS;

export function staffMay(role: StaffRole, area: StaffArea): boolean {
  return (STAFF_AREAS[area] as readonly StaffRole[]).includes(role);
}
