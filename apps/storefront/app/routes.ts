import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The site map. Every page of the specification's route table lives under a store prefix
 * (`/de/`, `/at/`, `/ch/`, `/fr-ch/`, `/en/`); `/` picks the store. Resource routes (API, images, feeds)
 * sit outside the stores.
 */
export default [
  index("routes/store-select.tsx"),
  route("api/rpc/:method", "routes/api.rpc.ts"),
  route("api/payments/:provider/webhook", "routes/api.payments-webhook.ts"),
  route("api/search/*", "routes/api.search.ts"),
  route("api/help/*", "routes/api.help.ts"),
  route("images/*", "routes/images.ts"),
  route("builds/latest.json", "routes/builds.latest.ts"),
  route("i18n/:file", "routes/i18n.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemaps/:file", "routes/sitemaps.ts"),
  route("healthz", "routes/healthz.ts"),
  route("readyz", "routes/readyz.ts"),

  // The back office (staff only; its own layout, texts, styles and scripts: none of it loads on a shop page).
  route("admin", "routes/admin/admin.tsx", [
    route("sign-in", "routes/admin/sign-in.tsx"),
    route("sign-out", "routes/admin/sign-out.tsx"),
    route("setup", "routes/admin/setup.tsx"),
    route("language", "routes/admin/language.tsx"),
    layout("routes/admin/frame.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("orders", "routes/admin/orders.tsx"),
      route("orders/export.csv", "routes/admin/orders-export.ts"),
      route("orders/:number", "routes/admin/order.tsx"),
      route("returns", "routes/admin/returns.tsx"),
      route("customers", "routes/admin/customers.tsx"),
      route("customers/:id", "routes/admin/customer.tsx"),
      route("customers/:id/export.json", "routes/admin/customer-export.ts"),
      route("products", "routes/admin/products.tsx"),
      route("products/import", "routes/admin/products-import.tsx"),
      route("products/export.jsonl", "routes/admin/products-export.ts", { id: "products-export-jsonl" }),
      route("products/export.csv", "routes/admin/products-export.ts", { id: "products-export-csv" }),
      route("products/:id", "routes/admin/product.tsx"),
      route("categories", "routes/admin/categories.tsx"),
      route("vocabulary", "routes/admin/vocabulary.tsx"),
      route("search", "routes/admin/search.tsx"),
      route("search/analytics", "routes/admin/search-analytics.tsx"),
      route("search/synonyms", "routes/admin/search-synonyms.tsx"),
      route("search/rules", "routes/admin/search-rules.tsx"),
      route("promotions", "routes/admin/promotions.tsx"),
      route("content", "routes/admin/content.tsx"),
      route("content/preview", "routes/admin/content-preview.ts"),
      route("content/:id", "routes/admin/content-entry.tsx"),
      route("redirects", "routes/admin/redirects.tsx"),
      route("maintenance", "routes/admin/maintenance.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("media", "routes/admin/media.tsx"),
      route("products/:id/images", "routes/admin/product-images.tsx"),
      route("products/:id/store-stock", "routes/admin/product-store-stock.tsx"),
      route("stores", "routes/admin/stores.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("staff", "routes/admin/staff.tsx"),
      route("account", "routes/admin/account.tsx"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),

  route(":store", "routes/store.tsx", [
    // The shopper's own data (counts, greeting) for pages every shopper shares (JSON, never cached).
    route("personal.json", "routes/personal.ts"),
    // The search box's and facets' suggestions (JSON), in the store's language.
    route("search/suggest", "routes/search.suggest.ts"),
    layout("routes/layout.shop.tsx", [
      index("routes/home.tsx"),
      route("s/:slug", "routes/service-page.tsx"),
      route("help", "routes/help.tsx"),
      route("help/search", "routes/help.search.tsx"),
      route("c/outfits", "routes/outfits.tsx"),
      route("c/*", "routes/category.tsx"),
      route("p/shop-the-look/:outfit", "routes/shop-the-look.tsx"),
      route("p/:product", "routes/product.tsx"),
      route("search", "routes/search.tsx"),
      route("cart", "routes/cart.tsx"),
      route("checkout", "routes/checkout.tsx"),
      route("success", "routes/success.tsx"),
      route("wishlist", "routes/wishlist.tsx"),
      route("login", "routes/login.tsx"),
      route("login/callback", "routes/login.callback.tsx"),
      route("login/reset-password", "routes/login.reset-password.tsx"),
      route("account", "routes/account.tsx", [
        index("routes/account._index.tsx"),
        route("profile-details", "routes/account.profile-details.tsx"),
        route("orders", "routes/account.orders.tsx"),
        route("order-details/:id", "routes/account.order-details.tsx", { id: "order-details" }),
        // The navigation table spells it orders-details; both spellings answer (specification section 2).
        route("orders-details/:id", "routes/account.order-details.tsx", { id: "orders-details" }),
        route("fashion-card", "routes/account.fashion-card.tsx"),
        route("subscription", "routes/account.subscription.tsx"),
        route("subscription-cancellations", "routes/account.subscription-cancellations.tsx"),
      ]),
      route("order-trackform", "routes/order-trackform.tsx"),
      route("returns-portal", "routes/returns-portal.tsx"),
      route("location", "routes/location.tsx"),
      route("*", "routes/catch-all.tsx"),
    ]),
    layout("routes/layout.clean.tsx", [
      route("app-checkout", "routes/app-checkout.tsx"),
      // The sandbox payment provider's hosted page (card with 3-D Secure, PayPal) and the printable return label.
      route("payment/sandbox/:paymentId", "routes/payment-sandbox.tsx"),
      // Stripe's Payment Element (Stripe.js loads on this page only) or the way to PayPal's approval.
      route("payment/provider/:paymentId", "routes/payment-provider.tsx"),
      route("returns-label/:token", "routes/returns-label.tsx"),
      route("maintenance", "routes/maintenance.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
