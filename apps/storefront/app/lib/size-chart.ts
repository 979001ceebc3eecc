import { compareSizes } from "@vitrine/commerce/sizes";
import type { Translator } from "../i18n/i18n.tsx";

/**
 * Size charts of the product page: which chart a product gets (from its size system and the part of the shop it
 * belongs to), the measurements, and the finished table in the store's language. Built on the server, so the
 * tables never travel in the page's JavaScript.
 */

export type SizeChartKind = "women" | "men" | "kids" | "shoes";

export interface SizeChartInput {
  /** The product type's size system (`clothing`, `shoes`, `kids`, `onesize`). */
  sizeSystem: string;
  /** The shop part of the product's category: `women`, `men`, `kids`, … */
  shopBaseCategory: string | undefined;
}

export function sizeChartKind({ sizeSystem, shopBaseCategory }: SizeChartInput): SizeChartKind | null {
  if (sizeSystem === "shoes") return "shoes";
  if (sizeSystem === "kids" || (sizeSystem === "clothing" && shopBaseCategory === "kids")) return "kids";
  if (sizeSystem === "clothing") return shopBaseCategory === "men" ? "men" : "women";
  return null;
}

/** Letter sizes with the German size and body measurements in cm. */
export interface ClothingRow {
  size: string;
  germanSize: string;
  chest: number;
  waist: number;
  hips: number;
}

const WOMEN_SIZES: readonly ClothingRow[] = [
  { size: "2xs", germanSize: "32", chest: 76, waist: 60, hips: 84 },
  { size: "xs", germanSize: "34", chest: 80, waist: 64, hips: 88 },
  { size: "s", germanSize: "36", chest: 84, waist: 68, hips: 92 },
  { size: "m", germanSize: "38", chest: 88, waist: 72, hips: 96 },
  { size: "l", germanSize: "40", chest: 92, waist: 76, hips: 100 },
  { size: "xl", germanSize: "42", chest: 96, waist: 80, hips: 104 },
  { size: "2xl", germanSize: "44", chest: 102, waist: 86, hips: 110 },
];

const MEN_SIZES: readonly ClothingRow[] = [
  { size: "s", germanSize: "44–46", chest: 90, waist: 78, hips: 94 },
  { size: "m", germanSize: "48–50", chest: 98, waist: 86, hips: 100 },
  { size: "l", germanSize: "52", chest: 104, waist: 92, hips: 106 },
  { size: "xl", germanSize: "54", chest: 112, waist: 100, hips: 112 },
  { size: "2xl", germanSize: "56", chest: 118, waist: 106, hips: 118 },
  { size: "3xl", germanSize: "58–60", chest: 124, waist: 112, hips: 124 },
];

/** Children's sizes are body heights in cm; the age is a guide in months (under two years) or years. */
export interface KidsRow {
  size: string;
  months: number;
}

const KIDS_SIZES: readonly KidsRow[] = [
  { size: "56", months: 1 },
  { size: "62", months: 3 },
  { size: "68", months: 6 },
  { size: "74", months: 9 },
  { size: "80", months: 12 },
  { size: "86", months: 18 },
  { size: "92", months: 24 },
  { size: "98", months: 36 },
  { size: "104", months: 48 },
  { size: "110", months: 60 },
  { size: "116", months: 72 },
  { size: "122", months: 84 },
  { size: "128", months: 96 },
  { size: "134", months: 108 },
  { size: "140", months: 120 },
  { size: "146", months: 132 },
  { size: "152", months: 144 },
  { size: "158", months: 156 },
  { size: "164", months: 168 },
];

export interface ShoeRow {
  size: string;
  /** UK size (children's sizes below UK 13.5 are counted on their own scale, as in shops). */
  uk: string;
  /** Foot length in cm. */
  footLength: number;
}

/** A Paris point (one EU shoe size) is 2/3 cm of last length; the foot is about 1.5 cm shorter than the last. */
const PARIS_POINT_CM = 2 / 3;
const LAST_ALLOWANCE_CM = 1.5;
const CM_PER_INCH = 2.54;
/** UK sizes count barleycorns (1/3 inch) from an origin: adult sizes 25, children's sizes 12⅓ barleycorns. */
const UK_ADULT_ORIGIN = 25;
const UK_CHILD_ORIGIN = 37 / 3;
const FIRST_ADULT_EU_SIZE = 33;

export function shoeRow(euSize: number): ShoeRow {
  const lastCm = euSize * PARIS_POINT_CM;
  const barleycorns = (lastCm / CM_PER_INCH) * 3;
  const adult = euSize >= FIRST_ADULT_EU_SIZE;
  const uk = Math.round((barleycorns - (adult ? UK_ADULT_ORIGIN : UK_CHILD_ORIGIN)) * 2) / 2;
  return {
    size: String(euSize),
    uk: String(uk),
    footLength: Math.round((lastCm - LAST_ALLOWANCE_CM) * 10) / 10,
  };
}

/** Shoe sizes from the smallest children's to the largest men's size the shop sells. */
const SHOE_SIZES: readonly ShoeRow[] = Array.from({ length: 47 - 24 + 1 }, (_, i) => shoeRow(24 + i));

/** A size chart as the page shows it: translated headings and cells, the product's own sizes marked. */
export interface SizeChartTable {
  caption: string;
  headings: string[];
  rows: { cells: string[]; offered: boolean }[];
}

/** Numeric charts are long: the product's sizes and this many sizes either side. */
const NEIGHBOUR_SIZES = 2;
/** Children's heights go in 6 cm steps. */
const HEIGHT_STEP_CM = 6;

function near(size: string, offered: readonly string[], step: number): boolean {
  const numbers = offered.map(Number).filter(Number.isFinite);
  if (numbers.length === 0) return true;
  const n = Number(size);
  return n >= Math.min(...numbers) - NEIGHBOUR_SIZES * step && n <= Math.max(...numbers) + NEIGHBOUR_SIZES * step;
}

export function sizeChartTable(kind: SizeChartKind, offered: readonly string[], t: Translator): SizeChartTable {
  const isOffered = (size: string) => offered.some((s) => compareSizes(s, size) === 0);
  const cm = (value: number | string) => t("product.size_chart_cm", { value });
  if (kind === "shoes") {
    return {
      caption: t("product.size_chart_shoes"),
      headings: [t("product.size_chart_eu"), t("product.size_chart_uk"), t("product.size_chart_foot_length")],
      rows: SHOE_SIZES.filter((r) => near(r.size, offered, 1)).map((r) => ({
        cells: [r.size, r.uk, cm(r.footLength)],
        offered: isOffered(r.size),
      })),
    };
  }
  if (kind === "kids") {
    return {
      caption: t("product.size_chart_kids"),
      headings: [t("product.size_chart_size"), t("product.size_chart_height"), t("product.size_chart_age")],
      rows: KIDS_SIZES.filter((r) => near(r.size, offered, HEIGHT_STEP_CM)).map((r) => ({
        cells: [
          r.size,
          cm(r.size),
          r.months < 24
            ? t("product.size_chart_months", { count: r.months })
            : t("product.size_chart_years", { count: r.months / 12 }),
        ],
        offered: isOffered(r.size),
      })),
    };
  }
  return {
    caption: t(kind === "men" ? "product.size_chart_men" : "product.size_chart_women"),
    headings: [
      t("product.size_chart_size"),
      t("product.size_chart_german_size"),
      t("product.size_chart_chest"),
      t("product.size_chart_waist"),
      t("product.size_chart_hips"),
    ],
    rows: (kind === "men" ? MEN_SIZES : WOMEN_SIZES).map((r) => ({
      cells: [r.size.toUpperCase(), r.germanSize, String(r.chest), String(r.waist), String(r.hips)],
      offered: isOffered(r.size),
    })),
  };
}
