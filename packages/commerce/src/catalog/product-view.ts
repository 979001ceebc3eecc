import type { Language, Shop } from "../shop/shops.ts";
import type { CategoryTree, CategoryView } from "./categories.ts";
import {
  type DeliveryDate,
  discountedPrice,
  isSellable,
  type Price,
  type PriceRange,
  priceOf,
  priceRangeOf,
  type Stock,
  variantDeliveryDate,
} from "./pricing.ts";
import { type ProductRecord, productTexts } from "./records.ts";
import { compareSizes, displaySize, ONE_SIZE } from "./sizes.ts";
import { productSegment } from "./slug.ts";
import {
  ATTRIBUTE_LABELS,
  attributeValueLabel,
  colourHex,
  colourName,
  currentVocabulary,
  vocabularyLabel,
} from "./vocabulary.ts";

const ONE_SIZE_LABELS = { de: "Einheitsgröße", fr: "Taille unique", en: "One size" } as const;

/** A size as the store writes it ("M", "39-42", "Einheitsgröße"). */
export function sizeLabelOf(size: string, language: Shop["language"]): string {
  return size === ONE_SIZE ? ONE_SIZE_LABELS[language] : displaySize(size);
}

/** Days a product counts as new after its arrival. */
export const NEW_ARRIVAL_DAYS = 30;

export interface AttributeValue {
  id: string;
  label: string;
}

/** Attribute of the specification: values, multiSelect, label, value. */
export interface Attribute {
  key: string;
  label: string;
  multiSelect: boolean;
  values: AttributeValue[];
}

export interface ProductImage {
  assetName: string;
  path: string;
  url: string;
}

export interface VariantView {
  id: number;
  size: string;
  sizeLabel: string;
  attributes: { shopSize: Attribute };
  stock: Stock;
  isSellable: boolean;
  deliveryDate: DeliveryDate;
  price: Price;
}

export interface SiblingView {
  id: number;
  isActive: boolean;
  colorId: string;
  name: string;
  path: string;
  attributes: { colorDetail: Attribute };
  image: ProductImage | undefined;
}

export interface ProductCategoryRef {
  id: number;
  name: string;
  path: string;
  shopLevelCustomData: CategoryView["shopLevelCustomData"];
}

export interface ProductView {
  id: number;
  masterKey: string;
  referenceKey: string;
  isSoldOut: boolean;
  isNew: boolean;
  name: string;
  /** The language of `name` and the descriptions: the store's, or the fallback's (the page marks it with `lang`). */
  textLanguage: Language;
  /** The store language the view is for. */
  language: Language;
  brand: string;
  productType: string;
  colorId: string;
  colorHex: string;
  /** Canonical path without store prefix: `/p/{slug}-{id}/`. */
  path: string;
  attributes: Record<string, Attribute>;
  advancedAttributes: { shortDescription: string; description: string; freeTextBadge: string | null };
  promotionId: string | null;
  campaign: string | null;
  seasonMonth: number;
  seasonYear: number;
  arrivalDate: string;
  images: ProductImage[];
  variants: VariantView[];
  siblings: SiblingView[];
  categories: ProductCategoryRef[];
  /** The lowest-priced sellable variant's price (or the lowest overall when sold out). */
  price: Price | undefined;
  priceRange: PriceRange | undefined;
}

export interface SiblingSource {
  id: number;
  colorId: string;
  name: string;
  frontImagePath: string | undefined;
}

export interface ViewOptions {
  shop: Shop;
  tree: CategoryTree;
  today: Date;
  imageUrl: (path: string) => string;
  siblings?: readonly SiblingSource[];
}

export function productPath(name: string, id: number): string {
  return `/p/${productSegment(name, id)}/`;
}

export function isNewArrival(arrivalDate: string, today: Date): boolean {
  const arrival = Date.parse(`${arrivalDate}T00:00:00Z`);
  const age = (today.getTime() - arrival) / 86_400_000;
  return age >= 0 && age <= NEW_ARRIVAL_DAYS;
}

function attribute(
  key: string,
  language: ProductViewLanguage,
  multiSelect: boolean,
  values: AttributeValue[],
): Attribute {
  const known = ATTRIBUTE_LABELS[key]?.[language];
  return { key, label: known ?? currentVocabulary().attributeLabel(key, language), multiSelect, values };
}

type ProductViewLanguage = Shop["language"];

/** The product as one store shows it: its language, its currency and prices, dates from today. */
export function buildProductView(record: ProductRecord, options: ViewOptions): ProductView | undefined {
  const { shop, tree, today, imageUrl } = options;
  const language = shop.language;
  const t = productTexts(record, language);
  const variants: VariantView[] = [];
  for (const v of record.variants) {
    const zonePrice = v.prices[shop.country];
    if (!zonePrice) continue; // not sold in this store
    const size = v.size;
    const sizeLabel = sizeLabelOf(size, language);
    variants.push({
      id: v.id,
      size,
      sizeLabel,
      attributes: { shopSize: attribute("shopSize", language, false, [{ id: size, label: sizeLabel }]) },
      stock: v.stock,
      isSellable: isSellable(v.stock),
      deliveryDate: variantDeliveryDate(v, today, shop.country),
      price: priceOf(zonePrice, shop.country),
    });
  }
  if (variants.length === 0) return undefined;
  variants.sort((a, b) => compareSizes(a.size, b.size));

  const sellable = variants.filter((v) => v.isSellable);
  const priced = sellable.length > 0 ? sellable : variants;
  const range = priceRangeOf(priced.map((v) => v.price));
  const cheapest = [...priced].sort((a, b) => discountedPrice(a.price) - discountedPrice(b.price))[0];

  const images = record.images.map((i) => ({ assetName: i.assetName, path: i.path, url: imageUrl(i.path) }));
  const attributes: Record<string, Attribute> = {
    name: attribute("name", language, false, [{ id: t.name, label: t.name }]),
    brand: attribute("brand", language, false, [{ id: record.brand, label: record.brand }]),
    colorDetail: attribute("colorDetail", language, false, [
      { id: record.colorId, label: colourName(record.colorId, language) },
    ]),
    productType: attribute("productType", language, false, [
      { id: record.productType, label: vocabularyLabel("productType", record.productType, language) },
    ]),
    material: attribute(
      "material",
      language,
      true,
      record.material.map((m) => ({ id: m, label: vocabularyLabel("material", m, language) })),
    ),
    pattern: attribute("pattern", language, false, [
      { id: record.pattern, label: vocabularyLabel("pattern", record.pattern, language) },
    ]),
    care: attribute(
      "care",
      language,
      true,
      record.care.map((c) => ({ id: c, label: vocabularyLabel("care", c, language) })),
    ),
  };
  if (record.fit)
    attributes.fit = attribute("fit", language, false, [
      { id: record.fit, label: vocabularyLabel("fit", record.fit, language) },
    ]);
  if (record.promotionId)
    attributes.promotion = attribute("promotion", language, false, [
      { id: record.promotionId, label: record.promotionId },
    ]);
  if (record.campaign)
    attributes.campaign = attribute("campaign", language, false, [{ id: record.campaign, label: record.campaign }]);
  for (const [key, values] of Object.entries(record.attributes)) {
    if (!attributes[key])
      attributes[key] = attribute(
        key,
        language,
        values.length > 1,
        values.map((v) => ({
          id: v,
          label: attributeValueLabel(currentVocabulary().attribute(key), v, language),
        })),
      );
  }

  const siblingSources = options.siblings ?? [];
  const siblings: SiblingView[] = siblingSources.map((s) => ({
    id: s.id,
    isActive: s.id === record.id,
    colorId: s.colorId,
    name: s.name,
    path: productPath(s.name, s.id),
    attributes: {
      colorDetail: attribute("colorDetail", language, false, [
        { id: s.colorId, label: colourName(s.colorId, language) },
      ]),
    },
    image: s.frontImagePath
      ? { assetName: "front", path: s.frontImagePath, url: imageUrl(s.frontImagePath) }
      : undefined,
  }));

  const categories: ProductCategoryRef[] = record.categoryIds.flatMap((id) => {
    const view = tree.view(id, language, 0);
    return view ? [{ id, name: view.name, path: view.path, shopLevelCustomData: view.shopLevelCustomData }] : [];
  });

  return {
    id: record.id,
    masterKey: record.masterKey,
    referenceKey: record.referenceKey,
    isSoldOut: sellable.length === 0,
    isNew: isNewArrival(record.arrivalDate, today),
    name: t.name,
    textLanguage: t.language,
    language,
    brand: record.brand,
    productType: record.productType,
    colorId: record.colorId,
    colorHex: colourHex(record.colorId),
    path: productPath(t.name, record.id),
    attributes,
    advancedAttributes: {
      shortDescription: t.shortDescription,
      description: t.description,
      freeTextBadge: t.freeTextBadge,
    },
    promotionId: record.promotionId,
    campaign: record.campaign,
    seasonMonth: record.seasonMonth,
    seasonYear: record.seasonYear,
    arrivalDate: record.arrivalDate,
    images,
    variants,
    siblings,
    categories,
    price: cheapest?.price,
    priceRange: range,
  };
}
