import {
  isProductStatus,
  LIST_PAGE_SIZES,
  PRICE_ZONES,
  type ProductEditInput,
  type ProductListQuery,
  type ProductRecord,
  STOCK_STATES,
  type StockState,
} from "@vitrine/commerce";
import { LANGUAGES } from "@vitrine/commerce/shops";
import { readCookie } from "../store.ts";
import { type AdminLanguage, preferredAdminLanguage } from "./i18n.tsx";
import { ADMIN_LANGUAGE_COOKIE } from "./root.ts";

/** The back office's catalogue screens: reading their URLs and forms into the catalogue service's inputs. */

export function adminLanguageOf(request: Request): AdminLanguage {
  return preferredAdminLanguage(
    readCookie(request.headers.get("cookie"), ADMIN_LANGUAGE_COOKIE),
    request.headers.get("accept-language"),
  );
}

const positiveInt = (value: string | null): number | undefined => {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
};

/** The product list's query from its URL (`?q=…&category=…&brand=…&stock=…&image=none&sale=1&status=…&page=…`). */
export function productQueryFromUrl(params: URLSearchParams, language: AdminLanguage): ProductListQuery {
  const stock = params.get("stock");
  const status = params.get("status");
  const perPage = positiveInt(params.get("per"));
  const categoryId = positiveInt(params.get("category"));
  return {
    language,
    q: (params.get("q") ?? "").slice(0, 200),
    ...(categoryId ? { categoryId } : {}),
    ...(params.get("brand") ? { brand: params.get("brand") as string } : {}),
    ...(STOCK_STATES.includes(stock as StockState) ? { stock: stock as StockState } : {}),
    ...(params.get("image") === "none" ? { noImage: true } : {}),
    ...(params.get("sale") === "1" ? { onSale: true } : {}),
    ...(isProductStatus(status) ? { status } : {}),
    page: positiveInt(params.get("page")) ?? 1,
    perPage: LIST_PAGE_SIZES.includes(perPage as (typeof LIST_PAGE_SIZES)[number]) ? (perPage as number) : 50,
  };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The selected product ids of the list's bulk form. */
export function selectedIds(form: FormData): number[] {
  return [
    ...new Set(
      form
        .getAll("id")
        .map((v) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : 0))
        .filter((n) => n > 0),
    ),
  ];
}

/**
 * The editor's form as the service's input. Fields follow `productField` (`name_de`, `v{id}_CH_list`, …); the
 * variants and attributes come from the product as loaded, so a field the form lacks keeps its value.
 */
export function productEditFromForm(form: FormData, record: ProductRecord, attributeKeys: string[]): ProductEditInput {
  const translations: ProductEditInput["translations"] = {};
  for (const language of LANGUAGES) {
    translations[language] = {
      name: text(form, `name_${language}`),
      shortDescription: text(form, `short_${language}`),
      description: text(form, `description_${language}`),
    };
  }
  const attributes: Record<string, string[]> = {};
  for (const key of attributeKeys) {
    if (!form.has(`attr_${key}`)) continue;
    attributes[key] = text(form, `attr_${key}`)
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean);
  }
  const variants: ProductEditInput["variants"] = {};
  for (const v of record.variants) {
    const prices: ProductEditInput["variants"][number]["prices"] = {};
    for (const zone of PRICE_ZONES) {
      if (!form.has(`v${v.id}_${zone}_list`)) continue;
      prices[zone] = {
        list: text(form, `v${v.id}_${zone}_list`),
        sale: text(form, `v${v.id}_${zone}_sale`),
        reduction: text(form, `v${v.id}_${zone}_reduction`),
      };
    }
    variants[v.id] = {
      prices,
      stock: form.has(`v${v.id}_stock`) ? text(form, `v${v.id}_stock`) : String(v.stock.quantity),
      stockWas: Number(text(form, `v${v.id}_stock_was`) || v.stock.quantity),
      stockVersion: Number(text(form, `v${v.id}_stock_version`) || (v.stock.version ?? 0)),
    };
  }
  const updatedAt = text(form, "updatedAt");
  return {
    translations,
    brand: text(form, "brand"),
    productType: text(form, "productType"),
    colorId: text(form, "colorId"),
    pattern: text(form, "pattern"),
    fit: text(form, "fit"),
    material: form.getAll("material").filter((m): m is string => typeof m === "string" && m !== ""),
    attributes,
    categoryIds: form
      .getAll("categoryIds")
      .map((c) => (typeof c === "string" && /^\d{1,9}$/.test(c) ? Number(c) : 0))
      .filter((n) => n > 0),
    variants,
    ...(updatedAt ? { updatedAt } : {}),
  };
}
