/**
 * The relevance benchmark's query sets (see relevance-bench.ts). Each query says which products are relevant, as
 * a rule over the products' own fields: product types, colours, audience (all given parts must hold).
 *
 * Classes: `exact` — the catalogue's own words; `combined` — type with colour or audience; `synonym` — everyday
 * words the catalogue words differently; `form` — apostrophes, possessives, hyphens, diacritics, plurals;
 * `typo` — misspelt queries.
 */

export type QueryClass = "exact" | "combined" | "synonym" | "form" | "typo";

/** Demo catalogue: product type ids and colour ids of packages/commerce vocabulary; audience from the category tree. */
export interface DemoQuery {
  q: string;
  cls: QueryClass;
  types: string[];
  colours?: string[];
  audience?: "women" | "men" | "kids";
}

type Row = [q: string, cls: QueryClass, types: string, colours?: string, audience?: DemoQuery["audience"]];

const rows = (list: Row[]): DemoQuery[] =>
  list.map(([q, cls, types, colours, audience]) => ({
    q,
    cls,
    types: types.split(" "),
    ...(colours ? { colours: colours.split(" ") } : {}),
    ...(audience ? { audience } : {}),
  }));

export const DEMO_QUERIES: Record<"de" | "fr" | "en", DemoQuery[]> = {
  de: rows([
    ["kleid", "exact", "dress"],
    ["kleider", "exact", "dress"],
    ["hose", "exact", "trousers"],
    ["jacke", "exact", "jacket"],
    ["mantel", "exact", "coat"],
    ["rock", "exact", "skirt"],
    ["bluse", "exact", "blouse"],
    ["pullover", "exact", "sweater"],
    ["stiefel", "exact", "boot"],
    ["sneaker", "exact", "sneaker"],
    ["tasche", "exact", "bag"],
    ["gürtel", "exact", "belt"],
    ["socken", "exact", "socks"],
    ["schwarzes kleid", "combined", "dress", "black"],
    ["rote jacke", "combined", "jacket", "red"],
    ["blaue jeans", "combined", "jeans", "blue denim lightblue navy"],
    ["herren hemd", "combined", "shirt", "", "men"],
    ["damen mantel", "combined", "coat", "", "women"],
    ["kinder jacke", "combined", "jacket", "", "kids"],
    ["turnschuhe", "synonym", "sneaker"],
    ["pulli", "synonym", "sweater"],
    ["kids t-shirt", "synonym", "tshirt", "", "kids"],
    ["sweater", "synonym", "sweater"],
    ["hosen für kinder", "synonym", "trousers", "", "kids"],
    ["t-shirt", "form", "tshirt"],
    ["tshirt", "form", "tshirt"],
    ["t shirt", "form", "tshirt"],
    ["mäntel", "form", "coat"],
    ["maentel", "form", "coat"],
    ["röcke", "form", "skirt"],
    ["gurtel", "form", "belt"],
    ["muetze", "form", "hat"],
    ["klied", "typo", "dress"],
    ["jakce", "typo", "jacket"],
    ["pullovr", "typo", "sweater"],
    ["stiefle", "typo", "boot"],
    ["sneacker", "typo", "sneaker"],
    ["sandalne", "typo", "sandal"],
    ["schwarzes klied", "typo", "dress", "black"],
    ["sonnenbrile", "typo", "sunglasses"],
  ]),
  fr: rows([
    ["robe", "exact", "dress"],
    ["robes", "exact", "dress"],
    ["pantalon", "exact", "trousers"],
    ["veste", "exact", "jacket"],
    ["manteau", "exact", "coat"],
    ["jupe", "exact", "skirt"],
    ["chemise", "exact", "shirt"],
    ["pull", "exact", "sweater"],
    ["bottes", "exact", "boot"],
    ["baskets", "exact", "sneaker"],
    ["sac", "exact", "bag"],
    ["ceinture", "exact", "belt"],
    ["chaussettes", "exact", "socks"],
    ["robe noire", "combined", "dress", "black"],
    ["veste rouge", "combined", "jacket", "red"],
    ["jean bleu", "combined", "jeans", "blue denim lightblue navy"],
    ["chemise homme", "combined", "shirt", "", "men"],
    ["manteau femme", "combined", "coat", "", "women"],
    ["veste enfant", "combined", "jacket", "", "kids"],
    ["sneakers", "synonym", "sneaker"],
    ["pullover", "synonym", "sweater"],
    ["tee-shirt", "synonym", "tshirt"],
    ["jogging enfant", "synonym", "trousers", "", "kids"],
    ["pull kids", "synonym", "sweater", "", "kids"],
    ["l'écharpe", "form", "scarf"],
    ["l'echarpe", "form", "scarf"],
    ["écharpes", "form", "scarf"],
    ["t-shirt", "form", "tshirt"],
    ["tshirt", "form", "tshirt"],
    ["manteaux", "form", "coat"],
    ["robe d'été", "form", "dress"],
    ["chaussures d'homme", "form", "sneaker boot ankleboot loafer sandal", "", "men"],
    ["robbe", "typo", "dress"],
    ["pantalom", "typo", "trousers"],
    ["mantaeu", "typo", "coat"],
    ["cheimse", "typo", "shirt"],
    ["ceintrue", "typo", "belt"],
    ["chausettes", "typo", "socks"],
    ["casquete", "typo", "cap"],
    ["lunetes de soleil", "typo", "sunglasses"],
  ]),
  en: rows([
    ["dress", "exact", "dress"],
    ["dresses", "exact", "dress"],
    ["trousers", "exact", "trousers"],
    ["jacket", "exact", "jacket"],
    ["coat", "exact", "coat"],
    ["skirt", "exact", "skirt"],
    ["shirt", "exact", "shirt"],
    ["jumper", "exact", "sweater"],
    ["boots", "exact", "boot ankleboot"],
    ["trainers", "exact", "sneaker"],
    ["bag", "exact", "bag"],
    ["belt", "exact", "belt"],
    ["socks", "exact", "socks"],
    ["black dress", "combined", "dress", "black"],
    ["red jacket", "combined", "jacket", "red"],
    ["blue jeans", "combined", "jeans", "blue denim lightblue navy"],
    ["mens shirt", "combined", "shirt", "", "men"],
    ["women coat", "combined", "coat", "", "women"],
    ["kids jacket", "combined", "jacket", "", "kids"],
    ["sneakers", "synonym", "sneaker"],
    ["sweater", "synonym", "sweater"],
    ["pullover", "synonym", "sweater"],
    ["pants", "synonym", "trousers"],
    ["children's jacket", "synonym", "jacket", "", "kids"],
    ["tee", "synonym", "tshirt"],
    ["men's jacket", "form", "jacket", "", "men"],
    ["women's dress", "form", "dress", "", "women"],
    ["kid's t-shirt", "form", "tshirt", "", "kids"],
    ["t-shirt", "form", "tshirt"],
    ["tshirt", "form", "tshirt"],
    ["polo-shirt", "form", "polo"],
    ["rain-coat", "form", "coat jacket"],
    ["dres", "typo", "dress"],
    ["trosuers", "typo", "trousers"],
    ["jakcet", "typo", "jacket"],
    ["jumpr", "typo", "sweater"],
    ["sandles", "typo", "sandal"],
    ["trainres", "typo", "sneaker"],
    ["blak dress", "typo", "dress", "black"],
    ["sunglases", "typo", "sunglasses"],
  ]),
};

/**
 * The real catalogue (H&M articles, when present): relevant when the article's product_type_name is one of
 * `types`, and its colour_group_name one of `colours` and its index_group_name one of `groups` when given.
 * These are the catalogue's own field values, judged at bench time; nothing of the data is kept here.
 */
export interface RealQuery {
  q: string;
  cls: QueryClass;
  types: string[];
  colours?: string[];
  groups?: string[];
}

type RealRow = [q: string, cls: QueryClass, types: string, colours?: string, groups?: string];

const MEN = "Menswear";
const KIDS = "Baby/Children";
const WOMEN = "Ladieswear|Divided";
const TROUSERS = "Trousers|Outdoor trousers";
const SWEATER = "Sweater";
const SNEAKERS = "Sneakers";
const PYJAMAS = "Pyjama set|Pyjama bottom|Pyjama jumpsuit/playsuit";
const HATS = "Hat/beanie|Hat/brim|Beanie|Felt hat|Bucket hat|Straw hat";

export const REAL_QUERIES: RealQuery[] = (
  [
    ["trousers", "exact", TROUSERS],
    ["dress", "exact", "Dress"],
    ["dresses", "exact", "Dress"],
    ["sweater", "exact", SWEATER],
    ["blouse", "exact", "Blouse"],
    ["jacket", "exact", "Jacket"],
    ["shorts", "exact", "Shorts"],
    ["skirt", "exact", "Skirt"],
    ["hoodie", "exact", "Hoodie"],
    ["bra", "exact", "Bra"],
    ["socks", "exact", "Socks"],
    ["leggings", "exact", "Leggings/Tights"],
    ["sneakers", "exact", SNEAKERS],
    ["cardigan", "exact", "Cardigan"],
    ["bag", "exact", "Bag|Weekend/Gym bag|Backpack|Cross-body bag|Tote bag|Shoulder bag"],
    ["earrings", "exact", "Earring|Earrings"],
    ["jumpsuit", "exact", "Jumpsuit/Playsuit|Pyjama jumpsuit/playsuit"],
    ["blazer", "exact", "Blazer"],
    ["boots", "exact", "Boots"],
    ["scarf", "exact", "Scarf"],
    ["bodysuit", "exact", "Bodysuit|Underwear body"],
    ["bikini top", "exact", "Bikini top"],
    ["sandals", "exact", "Sandals|Heeled sandals"],
    ["swimsuit", "exact", "Swimsuit"],
    ["sunglasses", "exact", "Sunglasses"],
    ["necklace", "exact", "Necklace"],
    ["coat", "exact", "Coat"],
    ["belt", "exact", "Belt"],
    ["polo shirt", "exact", "Polo shirt"],
    ["gloves", "exact", "Gloves"],
    ["dungarees", "exact", "Dungarees"],
    ["slippers", "exact", "Slippers"],
    ["bracelet", "exact", "Bracelet"],
    ["tie", "exact", "Tie"],
    ["umbrella", "exact", "Umbrella"],
    ["wallet", "exact", "Wallet"],
    ["ballerinas", "exact", "Ballerinas"],
    ["black dress", "combined", "Dress", "Black"],
    ["white t-shirt", "combined", "T-shirt", "White"],
    ["black trousers", "combined", TROUSERS, "Black"],
    ["red dress", "combined", "Dress", "Red|Dark Red|Light Red"],
    ["grey hoodie", "combined", "Hoodie", "Grey|Dark Grey|Light Grey"],
    ["white shirt", "combined", "Shirt", "White"],
    ["black boots", "combined", "Boots", "Black"],
    ["beige coat", "combined", "Coat", "Beige|Light Beige|Dark Beige|Greyish Beige"],
    ["pink skirt", "combined", "Skirt", "Pink|Light Pink|Dark Pink|Other Pink"],
    ["blue shirt", "combined", "Shirt", "Blue|Light Blue|Dark Blue|Other Blue"],
    ["black bag", "combined", "Bag|Cross-body bag|Tote bag|Shoulder bag|Backpack", "Black"],
    ["white sneakers", "combined", SNEAKERS, "White"],
    ["mens shorts", "combined", "Shorts", "", MEN],
    ["kids dress", "combined", "Dress", "", KIDS],
    ["pants", "synonym", TROUSERS],
    ["jumper", "synonym", SWEATER],
    ["pullover", "synonym", SWEATER],
    ["trainers", "synonym", SNEAKERS],
    ["tee", "synonym", "T-shirt"],
    ["tank top", "synonym", "Vest top"],
    ["pyjamas", "synonym", PYJAMAS],
    ["pjs", "synonym", PYJAMAS],
    ["knickers", "synonym", "Underwear bottom"],
    ["nightie", "synonym", "Night gown"],
    ["children's jacket", "synonym", "Jacket", "", KIDS],
    ["kids pants", "synonym", TROUSERS, "", KIDS],
    ["black jumper", "synonym", SWEATER, "Black"],
    ["flip-flops", "synonym", "Flip flop"],
    ["hat", "synonym", HATS],
    ["men's jacket", "form", "Jacket", "", MEN],
    ["men's shirt", "form", "Shirt", "", MEN],
    ["women's blazer", "form", "Blazer", "", WOMEN],
    ["kid's t-shirt", "form", "T-shirt", "", KIDS],
    ["t-shirt", "form", "T-shirt"],
    ["tshirt", "form", "T-shirt"],
    ["t shirt", "form", "T-shirt"],
    ["T-SHIRTS", "form", "T-shirt"],
    ["polo-shirt", "form", "Polo shirt"],
    ["hair-band", "form", "Hair/alice band|Alice band|Hairband"],
    ["sweaters", "form", SWEATER],
    ["jackets", "form", "Jacket"],
    ["cardigans", "form", "Cardigan"],
    ["skirts", "form", "Skirt"],
    ["trosuers", "typo", TROUSERS],
    ["dresss", "typo", "Dress"],
    ["sweatr", "typo", SWEATER],
    ["jakcet", "typo", "Jacket"],
    ["sneakres", "typo", SNEAKERS],
    ["cardigna", "typo", "Cardigan"],
    ["blouce", "typo", "Blouse"],
    ["skrit", "typo", "Skirt"],
    ["hoodei", "typo", "Hoodie"],
    ["leggigns", "typo", "Leggings/Tights"],
    ["sandlas", "typo", "Sandals|Heeled sandals"],
    ["sunglases", "typo", "Sunglasses"],
    ["necklase", "typo", "Necklace"],
    ["swimsiut", "typo", "Swimsuit"],
    ["bikni top", "typo", "Bikini top"],
    ["blak dress", "typo", "Dress", "Black"],
    ["whte shirt", "typo", "Shirt", "White"],
    ["jumpsiut", "typo", "Jumpsuit/Playsuit|Pyjama jumpsuit/playsuit"],
    ["shrots", "typo", "Shorts"],
    ["balerinas", "typo", "Ballerinas"],
    ["blazzer", "typo", "Blazer"],
    ["dungarese", "typo", "Dungarees"],
    ["slipers", "typo", "Slippers"],
    ["braclet", "typo", "Bracelet"],
    ["umbrela", "typo", "Umbrella"],
    ["sandels", "typo", "Sandals|Heeled sandals"],
    ["trainres", "typo", SNEAKERS],
    ["pyjamsa", "typo", PYJAMAS],
    ["earings", "typo", "Earring|Earrings"],
    ["scraf", "typo", "Scarf"],
  ] as RealRow[]
).map(([q, cls, types, colours, groups]) => ({
  q,
  cls,
  types: types.split("|"),
  ...(colours ? { colours: colours.split("|") } : {}),
  ...(groups ? { groups: groups.split("|") } : {}),
}));
