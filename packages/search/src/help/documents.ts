import type { Language } from "@vitrine/commerce";

/**
 * The help centre's documents: the published service pages of a language (help articles and the classic pages:
 * shipping, returns, payment…), as plain-text passages the document index and the answer generator work on.
 * A help article's page key is `help_{category}_{name}`; the classic pages are placed in a category by their key.
 */

export const HELP_CATEGORIES = [
  "delivery",
  "orders",
  "returns",
  "payment",
  "sizes",
  "fashion-card",
  "account",
  "stores",
  "care",
  "gift-cards",
  "legal",
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

/** Category names as the facet shows them, per language. */
export const HELP_CATEGORY_LABELS: Record<HelpCategory, Record<Language, string>> = {
  delivery: { de: "Versand & Lieferung", fr: "Livraison", en: "Delivery" },
  orders: { de: "Bestellung", fr: "Commande", en: "Orders" },
  returns: { de: "Rücksendung & Umtausch", fr: "Retours & échanges", en: "Returns & exchanges" },
  payment: { de: "Zahlung", fr: "Paiement", en: "Payment" },
  sizes: { de: "Größen & Passform", fr: "Tailles", en: "Sizes & fit" },
  "fashion-card": { de: "Fashion Card", fr: "Fashion Card", en: "Fashion Card" },
  account: { de: "Kundenkonto", fr: "Compte client", en: "Account" },
  stores: { de: "Filialen", fr: "Magasins", en: "Stores" },
  care: { de: "Pflege", fr: "Entretien", en: "Care" },
  "gift-cards": { de: "Geschenkkarten", fr: "Cartes cadeaux", en: "Gift cards" },
  legal: { de: "Rechtliches & Kontakt", fr: "Informations légales & contact", en: "Legal & contact" },
};

/** The classic service pages' keys and their categories. */
const PAGE_CATEGORIES: Record<string, HelpCategory> = {
  shipping: "delivery",
  returns: "returns",
  payment: "payment",
  "size-guide": "sizes",
  contact: "legal",
  imprint: "legal",
  privacy: "legal",
  terms: "legal",
};

const HELP_KEY = /^help_([a-z-]+)_([a-z0-9-]+)$/;

/** The category of a service page by its page key (help articles carry it in the key). */
export function helpCategoryOf(pageKey: string | null): HelpCategory {
  const match = pageKey ? HELP_KEY.exec(pageKey) : null;
  if (match && (HELP_CATEGORIES as readonly string[]).includes(match[1] as string)) return match[1] as HelpCategory;
  return (pageKey && PAGE_CATEGORIES[pageKey]) || "legal";
}

/** Whether a service page is a help-centre article (rather than one of the classic service pages). */
export function isHelpArticleKey(pageKey: string | null | undefined): boolean {
  return !!pageKey && HELP_KEY.test(pageKey);
}

export interface HelpPassage {
  /** The question or heading the passage answers (an accordion item's title, else the document's title). */
  heading: string;
  text: string;
}

export interface HelpDocument {
  /** Permanent id: `{language}:{slug}`. */
  id: string;
  /** The page key shared by the translations (or the slug when the page has none). */
  key: string;
  language: Language;
  slug: string;
  title: string;
  summary: string;
  category: HelpCategory;
  kind: "article" | "page";
  updatedAt: string;
  passages: HelpPassage[];
}

/** The content entry fields the help centre reads (a `ContentEntry` of the commerce package fits). */
export interface HelpSourceEntry {
  language: string;
  slug: string;
  pageType: string;
  title: string;
  seoDescription: string;
  publishedBlocks: readonly unknown[] | null;
  pageKey: string | null;
  updatedAt?: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Plain text of the allow-listed rich text (tags dropped, entities decoded, white space collapsed). */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith("#x") || name.startsWith("#X"))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** Paragraphs of rich text: each `<p>`/`<li>` is one (a text without them is one paragraph). */
function paragraphs(html: string): string[] {
  const parts = html.split(/<\/(?:p|li|h[1-6])>/i).map(htmlToText);
  return parts.filter((p) => p.length > 0);
}

type Block = { type: string } & Record<string, unknown>;

function passagesOf(title: string, blocks: readonly unknown[]): HelpPassage[] {
  const out: HelpPassage[] = [];
  for (const raw of blocks) {
    const block = raw as Block;
    switch (block.type) {
      case "text":
        for (const text of paragraphs(String(block.html ?? ""))) out.push({ heading: title, text });
        break;
      case "accordion":
        for (const item of (block.items as { title: string; html: string }[] | undefined) ?? []) {
          const text = paragraphs(item.html).join(" ");
          if (text) out.push({ heading: item.title, text });
        }
        break;
      case "call_to_action":
      case "story":
        if (block.text) out.push({ heading: String(block.title ?? title), text: String(block.text) });
        break;
      case "size_chart": {
        const headers = (block.headers as string[]) ?? [];
        const rows = ((block.rows as string[][]) ?? []).map((row) => row.join(" / ")).join("; ");
        out.push({
          heading: String(block.title ?? title),
          text: `${headers.join(" / ")}: ${rows}. ${block.note ?? ""}`.trim(),
        });
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/** The help documents of some content entries: published service pages only. */
export function helpDocuments(entries: readonly HelpSourceEntry[]): HelpDocument[] {
  const out: HelpDocument[] = [];
  for (const e of entries) {
    if (e.pageType !== "service" || e.publishedBlocks === null) continue;
    if (e.language !== "de" && e.language !== "fr" && e.language !== "en") continue;
    const passages = passagesOf(e.title, e.publishedBlocks);
    if (passages.length === 0 && !e.seoDescription) continue;
    out.push({
      id: `${e.language}:${e.slug}`,
      key: e.pageKey ?? e.slug,
      language: e.language,
      slug: e.slug,
      title: e.title,
      summary: e.seoDescription,
      category: helpCategoryOf(e.pageKey),
      kind: isHelpArticleKey(e.pageKey) ? "article" : "page",
      updatedAt: e.updatedAt ?? "1970-01-01T00:00:00.000Z",
      passages,
    });
  }
  return out;
}
