import { COLOURS, type OutfitRecord, type ProductRecord } from "@vitrine/commerce";
import type { Random } from "./random.ts";

/** Occasions a look is put together for; a look is named after its occasion and its colours. */
const LOOK_NAMES: [string, string, string][] = [
  ["Stadtbummel", "Balade en ville", "City stroll"],
  ["Casual Friday", "Vendredi décontracté", "Casual Friday"],
  ["Herbstspaziergang", "Promenade d’automne", "Autumn walk"],
  ["Wochenende am See", "Week-end au lac", "Weekend by the lake"],
  ["Business-Lunch", "Déjeuner d’affaires", "Business lunch"],
  ["Abendessen zu zweit", "Dîner à deux", "Dinner for two"],
  ["Galeriebesuch", "Visite de galerie", "Gallery visit"],
  ["Sonntagsbrunch", "Brunch du dimanche", "Sunday brunch"],
  ["Reisetag", "Jour de voyage", "Travel day"],
  ["Konzertabend", "Soirée concert", "Concert night"],
];

interface Slot {
  leaves: string[];
}

const WOMEN_LOOKS: Slot[][] = [
  [
    { leaves: ["women-tops", "women-blouses"] },
    { leaves: ["women-jeans", "women-trousers", "women-skirts"] },
    { leaves: ["women-sneakers", "women-loafers", "women-ankle-boots"] },
    { leaves: ["women-bags"] },
  ],
  [
    { leaves: ["women-dresses"] },
    { leaves: ["women-jackets", "women-blazers"] },
    { leaves: ["women-pumps", "women-sandals"] },
  ],
  [
    { leaves: ["women-knitwear"] },
    { leaves: ["women-trousers", "women-jeans"] },
    { leaves: ["women-coats"] },
    { leaves: ["women-boots"] },
    { leaves: ["women-scarves"] },
  ],
];
const MEN_LOOKS: Slot[][] = [
  [
    { leaves: ["men-shirts", "men-polos"] },
    { leaves: ["men-trousers", "men-jeans"] },
    { leaves: ["men-blazers"] },
    { leaves: ["men-smart-shoes"] },
  ],
  [
    { leaves: ["men-tshirts"] },
    { leaves: ["men-jeans", "men-shorts"] },
    { leaves: ["men-sneakers"] },
    { leaves: ["men-caps"] },
  ],
  [
    { leaves: ["men-knitwear", "men-sweatshirts"] },
    { leaves: ["men-jeans"] },
    { leaves: ["men-jackets", "men-coats"] },
    { leaves: ["men-boots"] },
  ],
];
const KIDS_LOOKS: Slot[][] = [
  [{ leaves: ["girls-tshirts"] }, { leaves: ["girls-trousers"] }, { leaves: ["kids-sneakers"] }],
  [
    { leaves: ["boys-sweatshirts"] },
    { leaves: ["boys-trousers"] },
    { leaves: ["boys-jackets"] },
    { leaves: ["kids-boots"] },
  ],
];

/** Looks of 3–5 products, each product sellable, put together from matching categories. */
export function generateOutfits(
  random: Random,
  byLeaf: Map<string, number[]>,
  products: readonly ProductRecord[],
  count = 40,
): OutfitRecord[] {
  const sellable = new Set(products.filter((p) => p.variants.some((v) => v.stock.quantity > 0)).map((p) => p.id));
  const outfits: OutfitRecord[] = [];
  const byId = new Map(products.map((p) => [p.id, p]));
  const taken = new Set<string>();
  const plans: [OutfitRecord["gender"], Slot[][]][] = [
    ["women", WOMEN_LOOKS],
    ["men", MEN_LOOKS],
    ["kids", KIDS_LOOKS],
  ];
  for (let attempt = 0; outfits.length < count && attempt < count * 10; attempt++) {
    const [gender, looks] = plans[attempt % 5 === 4 ? 2 : attempt % 2] as [OutfitRecord["gender"], Slot[][]];
    const look = random.pick(looks);
    const productIds: number[] = [];
    for (const slot of look) {
      const candidates = slot.leaves.flatMap((leaf) => byLeaf.get(leaf) ?? []).filter((id) => sellable.has(id));
      if (candidates.length === 0) break;
      productIds.push(random.pick(candidates));
    }
    if (productIds.length !== look.length || new Set(productIds).size !== productIds.length) continue;
    const occasion = random.pick(LOOK_NAMES);
    const id = outfits.length + 1;
    const colours = productIds.map((pid) => byId.get(pid)?.colorId).filter((c): c is string => c !== undefined);
    const names = lookName(occasion, colours, taken);
    taken.add(names.de);
    outfits.push({
      id,
      gender,
      names,
      descriptions: {
        de: "Von unseren Stylisten zusammengestellt: ein kompletter Look, der sofort sitzt.",
        fr: "Composé par nos stylistes : un look complet, prêt à porter.",
        en: "Put together by our stylists: a complete look that works straight away.",
      },
      productIds,
    });
  }
  return outfits;
}

type Names = { de: string; fr: string; en: string };

function colourNames(id: string): Names | undefined {
  const colour = COLOURS.find((c) => c.id === id);
  if (!colour) return undefined;
  // German colour names are nouns ("in Marineblau"); French and English write them in lower case in a sentence.
  return { de: colour.names.de, fr: colour.names.fr.toLowerCase(), en: colour.names.en.toLowerCase() };
}

/**
 * A look's name: its occasion and the colour of one of its pieces ("Abendessen zu zweit in Bordeaux", "Dîner à
 * deux en bordeaux"), or two colours when that name is taken, so that every look is told apart by words, not
 * numbers.
 */
export function lookName(
  occasion: [string, string, string],
  colourIds: readonly string[],
  taken: ReadonlySet<string>,
): Names {
  const [de, fr, en] = occasion;
  const colours = [...new Set(colourIds)].map(colourNames).filter((c): c is Names => c !== undefined);
  const candidates: Names[] = colours.map((c) => ({
    de: `${de} in ${c.de}`,
    fr: `${fr} en ${c.fr}`,
    en: `${en} in ${c.en}`,
  }));
  for (const [i, a] of colours.entries()) {
    for (const b of colours.slice(i + 1)) {
      candidates.push({
        de: `${de} in ${a.de} und ${b.de}`,
        fr: `${fr} en ${a.fr} et ${b.fr}`,
        en: `${en} in ${a.en} and ${b.en}`,
      });
    }
  }
  return candidates.find((n) => !taken.has(n.de)) ?? candidates[0] ?? { de, fr, en };
}
