import type { CategoryRecord } from "@vitrine/commerce";
import { slugify } from "@vitrine/commerce";

/** The demo category tree: women, men and kids, three levels, 65 leaves; plus sale, new arrivals and outfits. */

interface Def {
  key: string;
  names: [de: string, fr: string, en: string];
  slugs?: [de: string, fr: string, en: string];
  types?: string[];
  children?: Def[];
  role?: CategoryRecord["role"];
  descriptions?: [de: string, fr: string, en: string];
}

const leaf = (key: string, names: Def["names"], types: string[], slugs?: Def["slugs"]): Def => ({
  key,
  names,
  types,
  ...(slugs ? { slugs } : {}),
});

const WOMEN: Def = {
  key: "women",
  names: ["Damen", "Femmes", "Women"],
  descriptions: [
    "Damenmode für jeden Tag: Kleider, Strick, Denim und Schuhe von über 25 Marken.",
    "La mode femme pour tous les jours : robes, maille, denim et chaussures de plus de 25 marques.",
    "Womenswear for every day: dresses, knitwear, denim and shoes from more than 25 brands.",
  ],
  children: [
    {
      key: "women-clothing",
      names: ["Bekleidung", "Vêtements", "Clothing"],
      children: [
        leaf("women-dresses", ["Kleider", "Robes", "Dresses"], ["dress"]),
        leaf("women-tops", ["Tops & T-Shirts", "Tops & T-shirts", "Tops & T-shirts"], ["tshirt", "top"]),
        leaf("women-blouses", ["Blusen", "Chemisiers", "Blouses"], ["blouse"]),
        leaf("women-knitwear", ["Strick", "Maille", "Knitwear"], ["sweater", "cardigan"]),
        leaf("women-sweatshirts", ["Sweatshirts & Hoodies", "Sweats & hoodies", "Sweatshirts & hoodies"], ["hoodie"]),
        leaf("women-jackets", ["Jacken", "Vestes", "Jackets"], ["jacket"]),
        leaf("women-coats", ["Mäntel", "Manteaux", "Coats"], ["coat"]),
        leaf("women-blazers", ["Blazer", "Blazers", "Blazers"], ["blazer"]),
        leaf("women-jeans", ["Jeans", "Jeans", "Jeans"], ["jeans"]),
        leaf("women-trousers", ["Hosen", "Pantalons", "Trousers"], ["trousers"]),
        leaf("women-skirts", ["Röcke", "Jupes", "Skirts"], ["skirt"]),
        leaf("women-shorts", ["Shorts", "Shorts", "Shorts"], ["shorts"]),
        leaf("women-jumpsuits", ["Jumpsuits", "Combinaisons", "Jumpsuits"], ["jumpsuit"]),
        leaf("women-lingerie", ["Wäsche", "Lingerie", "Lingerie"], ["underwear"]),
        leaf("women-swimwear", ["Bademode", "Maillots de bain", "Swimwear"], ["swimwear"]),
        leaf("women-sportswear", ["Sportbekleidung", "Vêtements de sport", "Sportswear"], ["leggings", "top"]),
      ],
    },
    {
      key: "women-shoes",
      names: ["Schuhe", "Chaussures", "Shoes"],
      children: [
        leaf("women-sneakers", ["Sneaker", "Baskets", "Trainers"], ["sneaker"]),
        leaf("women-boots", ["Stiefel", "Bottes", "Boots"], ["boot"]),
        leaf("women-ankle-boots", ["Stiefeletten", "Bottines", "Ankle boots"], ["ankleboot"]),
        leaf("women-pumps", ["Pumps", "Escarpins", "Court shoes"], ["pump"]),
        leaf("women-sandals", ["Sandalen", "Sandales", "Sandals"], ["sandal"]),
        leaf("women-loafers", ["Loafer & Ballerinas", "Mocassins & ballerines", "Loafers & flats"], ["loafer"]),
      ],
    },
    {
      key: "women-accessories",
      names: ["Accessoires", "Accessoires", "Accessories"],
      children: [
        leaf("women-bags", ["Taschen", "Sacs", "Bags"], ["bag"]),
        leaf("women-scarves", ["Schals & Tücher", "Écharpes & foulards", "Scarves"], ["scarf"]),
        leaf("women-hats", ["Mützen & Hüte", "Bonnets & chapeaux", "Hats"], ["hat"]),
        leaf("women-belts", ["Gürtel", "Ceintures", "Belts"], ["belt"]),
        leaf("women-sunglasses", ["Sonnenbrillen", "Lunettes de soleil", "Sunglasses"], ["sunglasses"]),
        leaf("women-socks", ["Socken & Strumpfhosen", "Chaussettes & collants", "Socks & tights"], ["socks"]),
      ],
    },
  ],
};

const MEN: Def = {
  key: "men",
  names: ["Herren", "Hommes", "Men"],
  descriptions: [
    "Herrenmode von lässig bis elegant: Hemden, Strick, Jeans, Jacken und Sneaker.",
    "La mode homme, décontractée ou élégante : chemises, maille, jeans, vestes et baskets.",
    "Menswear from casual to smart: shirts, knitwear, jeans, jackets and trainers.",
  ],
  children: [
    {
      key: "men-clothing",
      names: ["Bekleidung", "Vêtements", "Clothing"],
      children: [
        leaf("men-tshirts", ["T-Shirts", "T-shirts", "T-shirts"], ["tshirt"]),
        leaf("men-polos", ["Poloshirts", "Polos", "Polo shirts"], ["polo"]),
        leaf("men-shirts", ["Hemden", "Chemises", "Shirts"], ["shirt"]),
        leaf("men-knitwear", ["Strick", "Maille", "Knitwear"], ["sweater", "cardigan"]),
        leaf("men-sweatshirts", ["Sweatshirts & Hoodies", "Sweats & hoodies", "Sweatshirts & hoodies"], ["hoodie"]),
        leaf("men-jackets", ["Jacken", "Vestes", "Jackets"], ["jacket"]),
        leaf("men-coats", ["Mäntel", "Manteaux", "Coats"], ["coat"]),
        leaf("men-blazers", ["Sakkos", "Vestes de costume", "Blazers"], ["blazer"]),
        leaf("men-jeans", ["Jeans", "Jeans", "Jeans"], ["jeans"]),
        leaf("men-trousers", ["Hosen", "Pantalons", "Trousers"], ["trousers"]),
        leaf("men-shorts", ["Shorts", "Shorts", "Shorts"], ["shorts"]),
        leaf("men-swimwear", ["Badeshorts", "Shorts de bain", "Swim shorts"], ["shorts"]),
        leaf("men-underwear", ["Unterwäsche", "Sous-vêtements", "Underwear"], ["underwear"]),
      ],
    },
    {
      key: "men-shoes",
      names: ["Schuhe", "Chaussures", "Shoes"],
      children: [
        leaf("men-sneakers", ["Sneaker", "Baskets", "Trainers"], ["sneaker"]),
        leaf("men-boots", ["Boots", "Boots", "Boots"], ["boot", "ankleboot"]),
        leaf("men-smart-shoes", ["Business-Schuhe", "Chaussures de ville", "Smart shoes"], ["loafer"]),
        leaf("men-sandals", ["Sandalen", "Sandales", "Sandals"], ["sandal"]),
      ],
    },
    {
      key: "men-accessories",
      names: ["Accessoires", "Accessoires", "Accessories"],
      children: [
        leaf("men-bags", ["Taschen & Rucksäcke", "Sacs & sacs à dos", "Bags & backpacks"], ["bag"]),
        leaf("men-scarves", ["Schals", "Écharpes", "Scarves"], ["scarf"]),
        leaf("men-caps", ["Caps & Mützen", "Casquettes & bonnets", "Caps & hats"], ["cap", "hat"]),
        leaf("men-belts", ["Gürtel", "Ceintures", "Belts"], ["belt"]),
        leaf("men-socks", ["Socken", "Chaussettes", "Socks"], ["socks"]),
      ],
    },
  ],
};

const KIDS: Def = {
  key: "kids",
  names: ["Kinder", "Enfants", "Kids"],
  descriptions: [
    "Kindermode, die mitspielt: robust, bequem und in fröhlichen Farben.",
    "La mode enfant qui suit le mouvement : résistante, confortable et colorée.",
    "Kidswear that keeps up: hard-wearing, comfortable and colourful.",
  ],
  children: [
    {
      key: "kids-girls",
      names: ["Mädchen", "Filles", "Girls"],
      children: [
        leaf("girls-dresses", ["Kleider", "Robes", "Dresses"], ["dress"]),
        leaf("girls-tshirts", ["T-Shirts & Tops", "T-shirts & tops", "T-shirts & tops"], ["tshirt"]),
        leaf("girls-trousers", ["Hosen & Jeans", "Pantalons & jeans", "Trousers & jeans"], ["trousers", "jeans"]),
        leaf("girls-jackets", ["Jacken", "Vestes", "Jackets"], ["jacket"]),
        leaf("girls-knitwear", ["Pullover", "Pulls", "Jumpers"], ["sweater"]),
      ],
    },
    {
      key: "kids-boys",
      names: ["Jungen", "Garçons", "Boys"],
      children: [
        leaf("boys-tshirts", ["T-Shirts", "T-shirts", "T-shirts"], ["tshirt"]),
        leaf("boys-trousers", ["Hosen & Jeans", "Pantalons & jeans", "Trousers & jeans"], ["trousers", "jeans"]),
        leaf("boys-jackets", ["Jacken", "Vestes", "Jackets"], ["jacket"]),
        leaf("boys-sweatshirts", ["Sweatshirts", "Sweats", "Sweatshirts"], ["hoodie"]),
        leaf("boys-shorts", ["Shorts", "Shorts", "Shorts"], ["shorts"]),
      ],
    },
    {
      key: "kids-baby",
      names: ["Baby", "Bébé", "Baby"],
      children: [
        leaf("baby-bodysuits", ["Bodys", "Bodies", "Bodysuits"], ["bodysuit"]),
        leaf("baby-trousers", ["Babyhosen", "Pantalons bébé", "Baby trousers"], ["trousers"]),
      ],
    },
    {
      key: "kids-shoes",
      names: ["Kinderschuhe", "Chaussures enfant", "Kids' shoes"],
      children: [
        leaf("kids-sneakers", ["Sneaker", "Baskets", "Trainers"], ["sneaker"]),
        leaf("kids-boots", ["Stiefel", "Bottes", "Boots"], ["boot"]),
        leaf("kids-sandals", ["Sandalen", "Sandales", "Sandals"], ["sandal"]),
      ],
    },
  ],
};

const SPECIAL: Def[] = [
  {
    key: "sale",
    names: ["Sale", "Soldes", "Sale"],
    slugs: ["sale", "soldes", "sale"],
    role: "sale",
    descriptions: [
      "Reduzierte Lieblingsteile – solange der Vorrat reicht.",
      "Vos pièces préférées à prix réduit, dans la limite des stocks disponibles.",
      "Reduced favourites, while stocks last.",
    ],
  },
  {
    key: "new",
    names: ["Neu", "Nouveautés", "New in"],
    slugs: ["new", "new", "new"],
    role: "new",
    descriptions: [
      "Frisch eingetroffen: die Neuheiten der letzten 30 Tage.",
      "Tout juste arrivées : les nouveautés des 30 derniers jours.",
      "Just landed: what arrived in the last 30 days.",
    ],
  },
  {
    key: "outfits",
    names: ["Outfits", "Looks", "Outfits"],
    slugs: ["outfits", "outfits", "outfits"],
    role: "outfits",
    descriptions: [
      "Komplette Looks, zusammengestellt von unseren Stylisten.",
      "Des looks complets composés par nos stylistes.",
      "Complete looks put together by our stylists.",
    ],
  },
];

export const ROOT_DEFS: readonly Def[] = [WOMEN, MEN, KIDS, ...SPECIAL];

export const FIRST_CATEGORY_ID = 100;

export interface DemoLeaf {
  id: number;
  key: string;
  gender: "women" | "men" | "kids";
  group: string;
  productTypes: string[];
}

/** Builds the category records and the list of leaves products are generated into. */
export function buildCategories(): { records: CategoryRecord[]; leaves: DemoLeaf[] } {
  const records: CategoryRecord[] = [];
  const leaves: DemoLeaf[] = [];
  let nextId = FIRST_CATEGORY_ID;
  const walk = (def: Def, parent: CategoryRecord | undefined, position: number, root: string) => {
    const id = nextId++;
    const [de, fr, en] = def.names;
    const slugs = def.slugs ?? [slugify(de), slugify(fr), slugify(en)];
    const descriptions = def.descriptions ?? ["", "", ""];
    const record: CategoryRecord = {
      type: "category",
      id,
      parentId: parent?.id ?? null,
      key: def.key,
      position,
      role: def.role ?? "regular",
      isSale: def.role === "sale",
      trackingKey: def.key.replace(/-/g, "_"),
      shopBaseCategory: root,
      productType: (def.types?.[0] ?? "") as CategoryRecord["productType"],
      translations: {
        de: { name: de, slug: slugs[0], description: descriptions[0] },
        fr: { name: fr, slug: slugs[1], description: descriptions[1] },
        en: { name: en, slug: slugs[2], description: descriptions[2] },
      },
    };
    records.push(record);
    if (def.types && (root === "women" || root === "men" || root === "kids")) {
      leaves.push({ id, key: def.key, gender: root, group: parent?.key ?? root, productTypes: def.types });
    }
    def.children?.forEach((child, i) => {
      walk(child, record, i, root);
    });
  };
  ROOT_DEFS.forEach((def, i) => {
    walk(def, undefined, i, def.key);
  });
  return { records, leaves };
}
