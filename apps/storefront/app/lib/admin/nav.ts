import type { StaffArea } from "@vitrine/commerce/staff-roles";

/**
 * The back office's navigation, in order. A screen appears for the roles its area lets in (the server checks the
 * same area on every request: hiding a link is a courtesy, not the protection). `ready: false` keeps an entry out
 * of the navigation until its screen exists.
 */
export interface AdminNavEntry {
  /** Path under /admin, with trailing slash. */
  path: string;
  /** Message key of the label. */
  label: string;
  area: StaffArea;
  ready: boolean;
}

export const ADMIN_NAV: readonly AdminNavEntry[] = [
  { path: "/admin/", label: "admin.nav.dashboard", area: "dashboard", ready: true },
  { path: "/admin/orders/", label: "admin.nav.orders", area: "orders", ready: true },
  { path: "/admin/returns/", label: "admin.nav.returns", area: "returns", ready: true },
  { path: "/admin/customers/", label: "admin.nav.customers", area: "customers", ready: true },
  { path: "/admin/products/", label: "admin.nav.products", area: "catalog", ready: true },
  { path: "/admin/categories/", label: "admin.nav.categories", area: "catalog", ready: true },
  { path: "/admin/vocabulary/", label: "admin.nav.vocabulary", area: "vocabulary", ready: true },
  { path: "/admin/media/", label: "admin.nav.media", area: "media", ready: true },
  { path: "/admin/stores/", label: "admin.nav.stores", area: "catalog", ready: true },
  { path: "/admin/search/", label: "admin.nav.search", area: "search", ready: true },
  { path: "/admin/promotions/", label: "admin.nav.promotions", area: "marketing", ready: true },
  { path: "/admin/content/", label: "admin.nav.content", area: "marketing", ready: true },
  { path: "/admin/redirects/", label: "admin.nav.redirects", area: "marketing", ready: true },
  { path: "/admin/maintenance/", label: "admin.nav.maintenance", area: "maintenance", ready: true },
  { path: "/admin/settings/", label: "admin.nav.settings", area: "settings", ready: true },
  { path: "/admin/audit/", label: "admin.nav.audit", area: "audit", ready: true },
  { path: "/admin/staff/", label: "admin.nav.staff", area: "staff", ready: true },
];
