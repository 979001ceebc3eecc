import type { Language } from "@vitrine/commerce";

/**
 * The default fashion synonyms of each language: everyday words that catalogues word differently. Each group's
 * words find each other; a one-way group lets the first word find the others only. The merchant's own synonyms
 * (`vitrine search synonyms add`) come on top of these. Hyphenated terms count as their joined form ("t-shirt" →
 * tshirt), as the index also keeps it; a term of several words is a phrase ("swimming costume": both words in a
 * row of the query, or both words in a product for a query of its synonym).
 */
export interface SynonymGroup {
  terms: readonly string[];
  oneWay: boolean;
}

const both = (...terms: string[]): SynonymGroup => ({ terms, oneWay: false });
const oneWay = (...terms: string[]): SynonymGroup => ({ terms, oneWay: true });

export const DEFAULT_SYNONYMS: Record<Language, readonly SynonymGroup[]> = {
  en: [
    both("kids", "children", "child", "kid", "childrens"),
    both("trainers", "sneakers", "trainer", "sneaker"),
    both("jumper", "sweater", "pullover"),
    both("pants", "trousers"),
    both("tee", "t-shirt", "tees", "tshirt"),
    both("women", "ladies", "womens", "ladieswear", "womenswear"),
    both("men", "mens", "menswear"),
    both("pyjamas", "pajamas", "pjs"),
    both("knickers", "briefs", "panties"),
    both("nightie", "nightdress", "nightgown"),
    both("hoodie", "hoody"),
    both("joggers", "sweatpants"),
    both("swimsuit", "swimming costume", "bathing suit"),
    both("flip-flops", "flip-flop", "thongs"),
    oneWay("tank", "vest"),
    oneWay("handbag", "bag"),
    oneWay("hat", "beanie", "cap"),
  ],
  de: [
    both("kinder", "kids", "kind"),
    both("turnschuhe", "sneaker", "turnschuh", "sneakers"),
    both("pullover", "pulli", "sweater"),
    both("hose", "pants"),
    both("t-shirt", "tshirt", "tee"),
    both("damen", "frauen", "frau"),
    both("herren", "manner", "mann"),
    both("mutze", "beanie"),
    both("hoodie", "kapuzenpullover", "kapuzenpulli"),
    both("sakko", "blazer"),
    both("unterhose", "slip"),
    both("schlafanzug", "pyjama"),
    both("handtasche", "tasche"),
  ],
  fr: [
    both("enfant", "enfants", "kids"),
    both("baskets", "sneakers", "basket", "tennis"),
    both("pull", "pullover"),
    oneWay("sweat", "pull"),
    oneWay("jogging", "pantalon"),
    both("t-shirt", "tshirt", "tee-shirt", "teeshirt"),
    both("femme", "femmes", "dame", "dames"),
    both("homme", "hommes"),
    both("sac", "sacoche"),
    both("pyjama", "pyjamas"),
    both("sweat a capuche", "hoodie"),
  ],
};
