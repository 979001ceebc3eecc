import type { OutfitRecord, ProductRecord } from "@vitrine/commerce";
import type { Random } from "./random.ts";

const LOOK_NAMES: [string, string, string][] = [
  ["Stadtbummel", "Balade en ville", "City stroll"],
  ["Casual Friday", "Vendredi décontracté", "Casual Friday"],
  ["Herbstspaziergang", "Promenade d'automne", "Autumn walk"],
  ["Wochenende am See", "Week-end au lac", "Weekend by the lake"],
  ["Business-Lunch", "Déjeuner d'affaires", "Business lunch"],
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
    const [de, fr, en] = random.pick(LOOK_NAMES);
    const id = outfits.length + 1;
    outfits.push({
      id,
      gender,
      names: { de: `${de} ${id}`, fr: `${fr} ${id}`, en: `${en} ${id}` },
      descriptions: {
        de: "Von unseren Stylisten zusammengestellt: ein kompletter Look, der sofort sitzt.",
        fr: "Composé par nos stylistes : un look complet, prêt à porter.",
        en: "Put together by our stylists: a complete look that works straight away.",
      },
      productIds,
    });
  }
  return outfits;
}
