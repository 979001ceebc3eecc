import type { RedirectInput } from "@vitrine/commerce";

/** Demo redirects: old campaign paths, a store-specific one and an external address. */
export const DEMO_REDIRECTS: readonly RedirectInput[] = [
  { sourcePath: "/sale-alt/", target: "/c/sale/", storeCode: "*", statusCode: 301 },
  { sourcePath: "/filialen/", target: "/location/", storeCode: "*", statusCode: 301 },
  { sourcePath: "/damen-sale/", target: "/c/sale/", storeCode: "de", statusCode: 301 },
  { sourcePath: "/instagram/", target: "https://www.instagram.com/", storeCode: "*", statusCode: 302 },
  { sourcePath: "/hilfe/", target: "/s/kontakt/", storeCode: "de", statusCode: 301 },
  { sourcePath: "/aide/", target: "/s/contact/", storeCode: "fr-ch", statusCode: 301 },
];
