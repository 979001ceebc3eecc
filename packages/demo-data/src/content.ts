import {
  type ContentBlockInput,
  type ContentEntryInput,
  type ContentEntryRecord,
  contentEntryRecordSchema,
  type Language,
} from "@vitrine/commerce";
import { helpArticleEntries } from "./help-articles.ts";

/**
 * Demo content: the home page, the service pages (shipping, returns, payment, size guide, contact, imprint,
 * privacy, terms) and two content pages (sustainability, help) in German, French and English, as ordered lists
 * of blocks. Every block type the storefront knows appears at least once except video (the demo has no film).
 */

type PerLanguage<T> = Record<Language, T>;

interface Page {
  key: string;
  slugs: PerLanguage<string>;
  titles: PerLanguage<string>;
  descriptions?: PerLanguage<string>;
  blocks: PerLanguage<ContentBlockInput[]>;
}

type ServicePage = Page;

const text = (html: string): ContentBlockInput => ({ type: "text", html });
const accordion = (items: [string, string][], title?: string): ContentBlockInput => ({
  type: "accordion",
  ...(title ? { title } : {}),
  items: items.map(([itemTitle, html]) => ({ title: itemTitle, html })),
});

/** A demo product picture (600 × 800) as a content image: the garment type in a colour. */
const garment = (type: string, colour: string, alt: string, pattern = "plain") => ({
  src: `demo/${type}/${colour}/${pattern}/front.svg`,
  alt,
});
/** A demo banner picture (the image route draws it at the size asked for). */
const banner = (type: string, colour: string, alt: string) => ({ src: `banner/${type}/${colour}.svg`, alt });

const SIZE_CHARTS = {
  women: {
    titles: { de: "Damen: Bekleidung", fr: "Femmes : vêtements", en: "Women: clothing" },
    headers: {
      de: ["Größe", "EU", "Brust (cm)", "Taille (cm)", "Hüfte (cm)"],
      fr: ["Taille", "EU", "Poitrine (cm)", "Taille (cm)", "Hanches (cm)"],
      en: ["Size", "EU", "Chest (cm)", "Waist (cm)", "Hips (cm)"],
    },
    rows: [
      ["XS", "34", "80–83", "62–65", "88–91"],
      ["S", "36", "84–87", "66–69", "92–95"],
      ["M", "38", "88–91", "70–73", "96–99"],
      ["L", "40", "92–95", "74–77", "100–103"],
      ["XL", "42", "96–99", "78–81", "104–107"],
      ["XXL", "44", "100–104", "82–86", "108–112"],
    ],
  },
  men: {
    titles: { de: "Herren: Bekleidung", fr: "Hommes : vêtements", en: "Men: clothing" },
    headers: {
      de: ["Größe", "EU", "Brust (cm)", "Bund (cm)", "Hüfte (cm)"],
      fr: ["Taille", "EU", "Poitrine (cm)", "Tour de taille (cm)", "Hanches (cm)"],
      en: ["Size", "EU", "Chest (cm)", "Waist (cm)", "Hips (cm)"],
    },
    rows: [
      ["S", "46", "88–91", "76–79", "92–95"],
      ["M", "48", "92–95", "80–83", "96–99"],
      ["L", "50", "96–99", "84–87", "100–103"],
      ["XL", "52", "100–103", "88–91", "104–107"],
      ["XXL", "54", "104–107", "92–95", "108–111"],
    ],
  },
  shoes: {
    titles: { de: "Schuhe", fr: "Chaussures", en: "Shoes" },
    headers: {
      de: ["EU", "UK", "US Damen", "US Herren", "Fußlänge (cm)"],
      fr: ["EU", "UK", "US femmes", "US hommes", "Longueur du pied (cm)"],
      en: ["EU", "UK", "US women", "US men", "Foot length (cm)"],
    },
    rows: [
      ["36", "3.5", "6", "4.5", "23.0"],
      ["37", "4.5", "7", "5.5", "23.7"],
      ["38", "5", "7.5", "6", "24.3"],
      ["39", "6", "8.5", "7", "25.0"],
      ["40", "6.5", "9", "7.5", "25.7"],
      ["41", "7.5", "10", "8.5", "26.3"],
      ["42", "8", "10.5", "9", "27.0"],
      ["43", "9", "11.5", "10", "27.7"],
      ["44", "9.5", "12", "10.5", "28.3"],
      ["45", "10.5", "13", "11.5", "29.0"],
    ],
  },
} as const;

const SIZE_NOTES: PerLanguage<string> = {
  de: "Alle Angaben sind Körpermaße, keine Maße des Kleidungsstücks.",
  fr: "Toutes les mesures sont des mesures du corps, pas du vêtement.",
  en: "All figures are body measurements, not garment measurements.",
};

function sizeChart(language: Language, chart: keyof typeof SIZE_CHARTS): ContentBlockInput {
  const c = SIZE_CHARTS[chart];
  return {
    type: "size_chart",
    title: c.titles[language],
    headers: [...c.headers[language]],
    rows: c.rows.map((row) => [...row]),
    note: SIZE_NOTES[language],
  };
}

export const SERVICE_PAGES: readonly ServicePage[] = [
  {
    key: "shipping",
    slugs: { de: "versand", fr: "livraison", en: "shipping" },
    titles: { de: "Versand & Lieferung", fr: "Livraison", en: "Shipping & delivery" },
    blocks: {
      de: [
        text(
          "<p>Artikel auf Lager verschicken wir sofort; Werktage sind Montag bis Samstag ohne Feiertage. Artikel, die wir nachbestellen, sind mit ihrem späteren Liefertermin gekennzeichnet.</p>",
        ),
        // Countries, prices and days come from the store's shipping-countries setting.
        { type: "shipping_rates" },
        accordion([
          [
            "Kann ich meine Sendung verfolgen?",
            "<p>Ja. Sobald dein Paket unterwegs ist, bekommst du eine E-Mail mit der Sendungsnummer. Du kannst deine Bestellung auch jederzeit über die Sendungsverfolgung abrufen.</p>",
          ],
          [
            "Liefert ihr an Packstationen?",
            "<p>Ja, gib als Straße „Packstation“ und die Nummer an und deine Postnummer im Adresszusatz.</p>",
          ],
        ]),
      ],
      fr: [
        text(
          "<p>Les articles en stock partent aussitôt ; les jours ouvrés vont du lundi au samedi, jours fériés exceptés. Les articles réassortis sont indiqués avec leur date de livraison plus tardive.</p>",
        ),
        { type: "shipping_rates" },
        accordion([
          [
            "Puis-je suivre mon colis ?",
            "<p>Oui. Dès l’expédition, vous recevez un e-mail avec le numéro de suivi. Vous pouvez aussi consulter votre commande à tout moment avec le suivi de commande.</p>",
          ],
        ]),
      ],
      en: [
        text(
          "<p>Items in stock leave at once; working days are Monday to Saturday, public holidays excepted. Items we reorder are marked with their later delivery date.</p>",
        ),
        { type: "shipping_rates" },
        accordion([
          [
            "Can I track my parcel?",
            "<p>Yes. As soon as your parcel is on its way we send you an e-mail with the tracking number. You can also look your order up with order tracking at any time.</p>",
          ],
          [
            "Do you deliver to a Packstation?",
            "<p>Yes: enter “Packstation” and its number as the street, and your DHL customer number in address line 2.</p>",
          ],
        ]),
      ],
    },
  },
  {
    key: "returns",
    slugs: { de: "ruecksendung", fr: "retours", en: "returns" },
    titles: { de: "Rücksendung & Umtausch", fr: "Retours & échanges", en: "Returns & exchanges" },
    blocks: {
      de: [
        text(
          "<p>Du hast 30 Tage Zeit, Artikel kostenlos zurückzuschicken. Melde deine Rücksendung im Retourenportal an, drucke das Etikett aus und gib das Paket bei der Post ab. Die Erstattung erfolgt über die ursprüngliche Zahlungsart, sobald die Ware bei uns eingegangen ist.</p>",
        ),
        accordion([
          ["Wie lange dauert die Erstattung?", "<p>In der Regel 5–7 Werktage nach Eingang der Rücksendung.</p>"],
          [
            "Kann ich in einer Filiale zurückgeben?",
            "<p>Ja, in jeder unserer Filialen in Deutschland, Österreich und der Schweiz.</p>",
          ],
        ]),
      ],
      fr: [
        text(
          "<p>Vous disposez de 30 jours pour nous retourner gratuitement vos articles. Déclarez votre retour sur le portail des retours, imprimez l’étiquette et déposez le colis à la poste. Le remboursement se fait sur le moyen de paiement d’origine dès réception des articles.</p>",
        ),
        accordion([
          ["Quel est le délai de remboursement ?", "<p>En général 5 à 7 jours ouvrés après réception du retour.</p>"],
          [
            "Puis-je retourner un article en magasin ?",
            "<p>Oui, dans tous nos magasins en Allemagne, en Autriche et en Suisse.</p>",
          ],
        ]),
      ],
      en: [
        text(
          "<p>You have 30 days to send items back free of charge. Register your return in the returns portal, print the label and drop the parcel off at the post office. We refund to your original payment method as soon as the items reach us.</p>",
        ),
        accordion([
          ["How long does a refund take?", "<p>Usually 5–7 working days after your return arrives.</p>"],
          ["Can I return in a store?", "<p>Yes, in any of our stores in Germany, Austria and Switzerland.</p>"],
        ]),
      ],
    },
  },
  {
    key: "payment",
    slugs: { de: "zahlung", fr: "paiement", en: "payment" },
    titles: { de: "Zahlungsarten", fr: "Moyens de paiement", en: "Payment methods" },
    blocks: {
      de: [
        text(
          "<p>Bei uns zahlst du bequem per Rechnung, Vorkasse, Kreditkarte (Visa, Mastercard, American Express), PayPal oder Geschenkkarte. In Deutschland ist auch die Zahlung per Nachnahme möglich (Gebühr 3,00 €). Eine Geschenkkarte kannst du mit jeder anderen Zahlungsart kombinieren.</p>",
        ),
      ],
      fr: [
        text(
          "<p>Payez facilement sur facture, par virement anticipé, carte de crédit (Visa, Mastercard, American Express), PayPal ou carte cadeau. Une carte cadeau peut être combinée avec tout autre moyen de paiement.</p>",
        ),
      ],
      en: [
        text(
          "<p>Pay by invoice, bank transfer in advance, credit card (Visa, Mastercard, American Express), PayPal or gift card. In Germany you can also pay cash on delivery (fee €3.00). A gift card can be combined with any other payment method.</p>",
        ),
      ],
    },
  },
  {
    key: "size-guide",
    slugs: { de: "groessentabelle", fr: "guide-des-tailles", en: "size-guide" },
    titles: { de: "Größentabelle", fr: "Guide des tailles", en: "Size guide" },
    blocks: {
      de: [
        text(
          "<p>So findest du deine Größe: Miss Brust-, Taillen- und Hüftumfang direkt auf der Haut und vergleiche mit den Tabellen. Liegst du zwischen zwei Größen, nimm bei körpernahen Schnitten die größere.</p>",
        ),
        sizeChart("de", "women"),
        sizeChart("de", "men"),
        sizeChart("de", "shoes"),
        accordion([
          [
            "Wie messe ich richtig?",
            "<ul><li><strong>Brust:</strong> waagerecht an der stärksten Stelle.</li><li><strong>Taille:</strong> an der schmalsten Stelle, etwa zwei Finger über dem Bauchnabel.</li><li><strong>Hüfte:</strong> an der breitesten Stelle über dem Gesäß.</li><li><strong>Fußlänge:</strong> von der Ferse bis zur längsten Zehe, am Abend gemessen.</li></ul>",
          ],
          [
            "Die Größe passt nicht?",
            '<p>Kein Problem: Der Umtausch ist kostenlos. Alles dazu findest du unter <a href="/s/ruecksendung/">Rücksendung &amp; Umtausch</a>.</p>',
          ],
        ]),
      ],
      fr: [
        text(
          "<p>Pour trouver votre taille, mesurez votre tour de poitrine, de taille et de hanches à même la peau et comparez avec les tableaux. Entre deux tailles, choisissez la plus grande pour les coupes ajustées.</p>",
        ),
        sizeChart("fr", "women"),
        sizeChart("fr", "men"),
        sizeChart("fr", "shoes"),
        accordion([
          [
            "Comment bien mesurer ?",
            "<ul><li><strong>Poitrine :</strong> horizontalement, à l’endroit le plus fort.</li><li><strong>Taille :</strong> à l’endroit le plus étroit, environ deux doigts au-dessus du nombril.</li><li><strong>Hanches :</strong> à l’endroit le plus large.</li><li><strong>Longueur du pied :</strong> du talon au plus long orteil, mesurée le soir.</li></ul>",
          ],
          [
            "La taille ne convient pas ?",
            '<p>Aucun souci : l\'échange est gratuit. Tout savoir sur la page <a href="/s/retours/">Retours &amp; échanges</a>.</p>',
          ],
        ]),
      ],
      en: [
        text(
          "<p>To find your size, measure your chest, waist and hips directly on the skin and compare with the charts. If you are between two sizes, take the larger one for close-fitting cuts.</p>",
        ),
        sizeChart("en", "women"),
        sizeChart("en", "men"),
        sizeChart("en", "shoes"),
        accordion([
          [
            "How do I measure?",
            "<ul><li><strong>Chest:</strong> horizontally at the fullest point.</li><li><strong>Waist:</strong> at the narrowest point, about two fingers above the navel.</li><li><strong>Hips:</strong> at the widest point.</li><li><strong>Foot length:</strong> from heel to longest toe, measured in the evening.</li></ul>",
          ],
          [
            "The size does not fit?",
            '<p>No problem: exchanges are free. Everything about it under <a href="/s/returns/">Returns &amp; exchanges</a>.</p>',
          ],
        ]),
      ],
    },
  },
  {
    key: "contact",
    slugs: { de: "kontakt", fr: "contact", en: "contact" },
    titles: { de: "Kontakt", fr: "Contact", en: "Contact" },
    blocks: {
      de: [
        text(
          '<p>Unser Kundenservice ist Montag bis Freitag von 8 bis 20 Uhr und samstags von 9 bis 16 Uhr für dich da.</p><p>E-Mail: <a href="mailto:service@vitrine.example">service@vitrine.example</a><br>Telefon: +49 30 1234567</p>',
        ),
      ],
      fr: [
        text(
          '<p>Notre service client est à votre disposition du lundi au vendredi de 8 h à 20 h et le samedi de 9 h à 16 h.</p><p>E-mail : <a href="mailto:service@vitrine.example">service@vitrine.example</a><br>Téléphone : +41 44 1234567</p>',
        ),
      ],
      en: [
        text(
          '<p>Our customer service is there for you Monday to Friday from 8 am to 8 pm and on Saturdays from 9 am to 4 pm.</p><p>E-mail: <a href="mailto:service@vitrine.example">service@vitrine.example</a><br>Phone: +49 30 1234567</p>',
        ),
      ],
    },
  },
  {
    key: "imprint",
    slugs: { de: "impressum", fr: "mentions-legales", en: "imprint" },
    titles: { de: "Impressum", fr: "Mentions légales", en: "Imprint" },
    blocks: {
      de: [
        text(
          "<p>Vitrine Demo GmbH<br>Musterstraße 1<br>10115 Berlin<br>Deutschland</p><p>Geschäftsführung: Erika Musterfrau<br>Handelsregister: Amtsgericht Berlin, HRB 000000<br>USt-IdNr.: DE000000000</p><p>Dies ist ein Demo-Shop der Open-Source-Software Vitrine. Es werden keine echten Bestellungen ausgeführt.</p>",
        ),
      ],
      fr: [
        text(
          "<p>Vitrine Demo GmbH<br>Musterstraße 1<br>10115 Berlin<br>Allemagne</p><p>Direction : Erika Musterfrau<br>Registre du commerce : Amtsgericht Berlin, HRB 000000</p><p>Ceci est une boutique de démonstration du logiciel libre Vitrine. Aucune commande réelle n’est exécutée.</p>",
        ),
      ],
      en: [
        text(
          "<p>Vitrine Demo GmbH<br>Musterstraße 1<br>10115 Berlin<br>Germany</p><p>Managing director: Erika Musterfrau<br>Commercial register: Amtsgericht Berlin, HRB 000000</p><p>This is a demo shop of the open-source software Vitrine. No real orders are fulfilled.</p>",
        ),
      ],
    },
  },
  {
    key: "privacy",
    slugs: { de: "datenschutz", fr: "protection-des-donnees", en: "privacy" },
    titles: { de: "Datenschutz", fr: "Protection des données", en: "Privacy policy" },
    blocks: {
      de: [
        text(
          "<p>Wir verarbeiten deine Daten nur, soweit es für deine Bestellung, dein Kundenkonto und den Betrieb des Shops nötig ist. Passwörter speichern wir ausschließlich als sicheren Hash. Cookies setzen wir für Warenkorb, Anmeldung und Spracheinstellung.</p><p>Du kannst jederzeit Auskunft über deine Daten verlangen und deren Löschung beantragen.</p>",
        ),
      ],
      fr: [
        text(
          "<p>Nous ne traitons vos données que dans la mesure nécessaire à votre commande, à votre compte client et au fonctionnement de la boutique. Les mots de passe sont uniquement stockés sous forme de hachage sécurisé. Nous utilisons des cookies pour le panier, la connexion et la langue.</p><p>Vous pouvez à tout moment demander l’accès à vos données et leur suppression.</p>",
        ),
      ],
      en: [
        text(
          "<p>We only process your data as far as your order, your customer account and running the shop require. Passwords are stored only as a secure hash. We set cookies for the basket, sign-in and your language.</p><p>You can ask for a copy of your data and for its deletion at any time.</p>",
        ),
      ],
    },
  },
  {
    key: "terms",
    slugs: { de: "agb", fr: "cgv", en: "terms" },
    titles: { de: "Allgemeine Geschäftsbedingungen", fr: "Conditions générales de vente", en: "Terms and conditions" },
    blocks: {
      de: [
        text(
          "<p>§ 1 Geltungsbereich: Diese Bedingungen gelten für alle Bestellungen im Vitrine Online-Shop.</p><p>§ 2 Vertragsschluss: Der Vertrag kommt mit unserer Bestellbestätigung zustande.</p><p>§ 3 Widerrufsrecht: Du kannst deine Bestellung innerhalb von 30 Tagen ohne Angabe von Gründen widerrufen.</p>",
        ),
      ],
      fr: [
        text(
          "<p>Article 1 – Champ d’application : les présentes conditions s’appliquent à toutes les commandes passées sur la boutique Vitrine.</p><p>Article 2 – Conclusion du contrat : le contrat est conclu à l’envoi de notre confirmation de commande.</p><p>Article 3 – Droit de rétractation : vous pouvez vous rétracter dans un délai de 30 jours sans motif.</p>",
        ),
      ],
      en: [
        text(
          "<p>1. Scope: these terms apply to all orders placed in the Vitrine online shop.</p><p>2. Contract: the contract is concluded when we confirm your order.</p><p>3. Right of withdrawal: you may withdraw from your order within 30 days without giving reasons.</p>",
        ),
      ],
    },
  },
];

const HOME: PerLanguage<{ title: string; description: string; blocks: ContentBlockInput[] }> = {
  de: {
    title: "Mode für jeden Tag",
    description:
      "Damen-, Herren- und Kindermode von über 25 Marken: Neuheiten, Strick, Mäntel und Sneaker. Kostenloser Versand ab 50 € und 30 Tage Rückgabe.",
    blocks: [
      {
        type: "banner",
        eyebrow: "Neue Kollektion",
        title: "Die neue Saison ist da",
        text: "Mäntel, Strick und Stiefel für kühle Tage – jetzt entdecken.",
        image: banner("coat", "camel", "Mantel in Camel"),
        link: { href: "/c/new/", label: "Neuheiten entdecken" },
      },
      {
        type: "category_teaser",
        title: "Beliebte Kategorien",
        items: [
          { categoryKey: "women-dresses", image: garment("dress", "bordeaux", "") },
          { categoryKey: "women-knitwear", image: garment("sweater", "beige", "") },
          { categoryKey: "men-jackets", image: garment("jacket", "olive", "") },
          { categoryKey: "men-sneakers", image: garment("sneaker", "navy", "") },
        ],
      },
      {
        type: "product_slider",
        title: "Neu eingetroffen",
        source: { kind: "category", categoryKey: "new" },
        limit: 8,
        link: { href: "/c/new/", label: "Alle Neuheiten" },
      },
      {
        type: "story",
        eyebrow: "Nachhaltigkeit",
        title: "Gemacht, um zu bleiben",
        text: "Viele unserer Teile sind aus Bio-Baumwolle, Leinen und recyceltem Polyester gefertigt.\n\nWir wählen Stoffe, die lange schön bleiben, und Schnitte, die du Saison für Saison trägst.",
        image: banner("sweater", "olive", "Pullover in Oliv"),
        link: { href: "/nachhaltigkeit/", label: "Mehr erfahren" },
      },
      {
        type: "product_slider",
        title: "Gerade beliebt",
        source: { kind: "recommendation", slotId: "trending" },
        limit: 8,
      },
      {
        type: "call_to_action",
        title: "Fashion Card: Punkte bei jedem Einkauf",
        text: "Sammle mit jedem Einkauf online und in der Filiale Punkte und sichere dir exklusive Vorteile.",
        link: { href: "/account/fashion-card/", label: "Jetzt anmelden" },
        secondaryLink: { href: "/location/", label: "Filialen finden" },
        style: "dark",
      },
    ],
  },
  fr: {
    title: "La mode au quotidien",
    description:
      "Mode femme, homme et enfant de plus de 25 marques : nouveautés, maille, manteaux et baskets. Livraison offerte dès CHF 80.– et 30 jours pour changer d’avis.",
    blocks: [
      {
        type: "banner",
        eyebrow: "Nouvelle collection",
        title: "La nouvelle saison est arrivée",
        text: "Manteaux, maille et bottes pour les jours frais : à découvrir dès maintenant.",
        image: banner("coat", "camel", "Manteau camel"),
        link: { href: "/c/new/", label: "Découvrir les nouveautés" },
      },
      {
        type: "category_teaser",
        title: "Catégories populaires",
        items: [
          { categoryKey: "women-coats", image: garment("coat", "camel", "") },
          { categoryKey: "women-dresses", image: garment("dress", "navy", "") },
          { categoryKey: "men-knitwear", image: garment("sweater", "anthracite", "") },
          { categoryKey: "women-ankle-boots", image: garment("ankleboot", "brown", "") },
        ],
      },
      {
        type: "product_slider",
        title: "Nouveautés",
        source: { kind: "category", categoryKey: "new" },
        limit: 8,
        link: { href: "/c/new/", label: "Toutes les nouveautés" },
      },
      {
        type: "story",
        eyebrow: "Durabilité",
        title: "Fait pour durer",
        text: "Beaucoup de nos pièces sont en coton bio, en lin et en polyester recyclé.\n\nNous choisissons des matières qui restent belles longtemps et des coupes que l’on porte saison après saison.",
        image: banner("sweater", "olive", "Pull olive"),
        imagePosition: "right",
        link: { href: "/durabilite/", label: "En savoir plus" },
      },
      {
        type: "product_slider",
        title: "Tendances du moment",
        source: { kind: "recommendation", slotId: "trending" },
        limit: 8,
      },
      {
        type: "call_to_action",
        title: "Fashion Card : des points à chaque achat",
        text: "Cumulez des points à chaque achat en ligne et en magasin et profitez d’avantages exclusifs.",
        link: { href: "/account/fashion-card/", label: "S’inscrire" },
        secondaryLink: { href: "/location/", label: "Trouver un magasin" },
        style: "dark",
      },
    ],
  },
  en: {
    title: "Fashion for every day",
    description:
      "Women’s, men’s and kids’ fashion from more than 25 brands: new in, knitwear, coats and trainers. Free delivery from €50 and 30 days to return.",
    blocks: [
      {
        type: "banner",
        eyebrow: "New collection",
        title: "The new season is here",
        text: "Coats, knitwear and boots for cooler days: discover them now.",
        image: banner("coat", "camel", "Camel coat"),
        link: { href: "/c/new/", label: "Discover new in" },
      },
      {
        type: "category_teaser",
        title: "Popular categories",
        items: [
          { categoryKey: "women-knitwear", image: garment("cardigan", "beige", "") },
          { categoryKey: "men-coats", image: garment("coat", "navy", "") },
          { categoryKey: "women-sneakers", image: garment("sneaker", "pink", "") },
          { categoryKey: "kids", label: "Kids", image: garment("hoodie", "mustard", "") },
        ],
      },
      {
        type: "product_slider",
        title: "New in",
        source: { kind: "category", categoryKey: "new" },
        limit: 8,
        link: { href: "/c/new/", label: "Shop all new in" },
      },
      {
        type: "story",
        eyebrow: "Sustainability",
        title: "Made to last",
        text: "Many of our pieces are made from organic cotton, linen and recycled polyester.\n\nWe choose fabrics that stay beautiful and cuts you keep wearing season after season.",
        image: banner("sweater", "olive", "Olive jumper"),
        link: { href: "/sustainability/", label: "Find out more" },
      },
      {
        type: "product_slider",
        title: "Trending now",
        source: { kind: "recommendation", slotId: "trending" },
        limit: 8,
      },
      {
        type: "call_to_action",
        title: "Fashion Card: points on every purchase",
        text: "Collect points with every purchase online and in store, and enjoy exclusive benefits.",
        link: { href: "/account/fashion-card/", label: "Join now" },
        secondaryLink: { href: "/location/", label: "Find a store" },
        style: "dark",
      },
    ],
  },
};

/** Products of the demo catalogue that exist whatever its size (ids count up from 1001). */
const FAVOURITE_PRODUCT_IDS = [1003, 1010, 1017, 1024, 1031, 1038, 1045, 1052];

const CONTENT_PAGES: readonly Page[] = [
  {
    key: "sustainability",
    slugs: { de: "nachhaltigkeit", fr: "durabilite", en: "sustainability" },
    titles: { de: "Nachhaltigkeit", fr: "Durabilité", en: "Sustainability" },
    descriptions: {
      de: "Bio-Baumwolle, Leinen, recycelte Fasern und langlebige Schnitte: So machen wir Mode, die bleibt.",
      fr: "Coton bio, lin, fibres recyclées et coupes durables : notre façon de faire une mode qui dure.",
      en: "Organic cotton, linen, recycled fibres and lasting cuts: how we make fashion that stays.",
    },
    blocks: {
      de: [
        {
          type: "banner",
          eyebrow: "Unser Versprechen",
          title: "Mode, die bleibt",
          text: "Bessere Materialien, faire Partner, weniger Verpackung.",
          image: banner("shirt", "offwhite", "Hemd in Wollweiß"),
        },
        text(
          "<h2>Weniger, aber besser</h2><p>Die nachhaltigste Jacke ist die, die du viele Jahre trägst. Deshalb achten wir auf <strong>robuste Stoffe</strong>, saubere Verarbeitung und zeitlose Schnitte – und darauf, woher unsere Materialien kommen.</p>",
        ),
        {
          type: "grid",
          columns: 3,
          items: [
            {
              type: "image",
              image: garment("shirt", "lightblue", "Hemd aus Bio-Baumwolle"),
              caption: "Bio-Baumwolle: ohne synthetische Pestizide angebaut.",
              aspectRatio: "3:4",
            },
            {
              type: "image",
              image: garment("blouse", "offwhite", "Bluse aus Leinen"),
              caption: "Leinen: wächst mit wenig Wasser und wird mit jeder Wäsche weicher.",
              aspectRatio: "3:4",
            },
            {
              type: "image",
              image: garment("jacket", "navy", "Jacke aus recyceltem Polyester"),
              caption: "Recyceltes Polyester: aus gebrauchten PET-Flaschen.",
              aspectRatio: "3:4",
            },
          ],
        },
        {
          type: "image_slider",
          title: "Aus unseren Ateliers",
          aspectRatio: "21:9",
          slides: [
            { image: banner("cardigan", "beige", "Cardigan in Beige"), caption: "Strick aus Portugal" },
            { image: banner("jeans", "denim", "Jeans in Jeansblau"), caption: "Denim aus Italien" },
            { image: banner("dress", "green", "Kleid in Grün"), caption: "Leinen aus Litauen" },
          ],
        },
        {
          type: "grid",
          columns: 2,
          items: [
            { type: "product", productId: 1001, title: "Teil der Woche" },
            {
              type: "call_to_action",
              title: "Reparieren statt wegwerfen",
              text: "Ein Knopf ab, eine Naht offen? In unseren Filialen reparieren wir kleine Schäden kostenlos.",
              link: { href: "/location/", label: "Filiale finden" },
              style: "accent",
            },
          ],
        },
        {
          type: "product_slider",
          title: "Lieblingsteile aus besseren Materialien",
          source: { kind: "products", productIds: FAVOURITE_PRODUCT_IDS },
        },
        accordion(
          [
            [
              "Was bedeutet Bio-Baumwolle?",
              "<p>Bio-Baumwolle wird ohne synthetische Pestizide und Dünger angebaut, meist mit Regenwasser statt künstlicher Bewässerung.</p>",
            ],
            [
              "Wie verpackt ihr?",
              "<p>Unsere Versandkartons bestehen zu 100 % aus Recyclingpapier, Kleidung verschicken wir ohne zusätzliche Plastikhüllen.</p>",
            ],
          ],
          "Häufige Fragen",
        ),
      ],
      fr: [
        {
          type: "banner",
          eyebrow: "Notre engagement",
          title: "Une mode qui dure",
          text: "De meilleures matières, des partenaires équitables, moins d’emballages.",
          image: banner("shirt", "offwhite", "Chemise écrue"),
        },
        text(
          "<h2>Moins, mais mieux</h2><p>La veste la plus durable est celle que l’on porte pendant des années. C’est pourquoi nous privilégions des <strong>matières résistantes</strong>, des finitions soignées et des coupes intemporelles, et nous savons d’où viennent nos matières.</p>",
        ),
        {
          type: "grid",
          columns: 3,
          items: [
            {
              type: "image",
              image: garment("shirt", "lightblue", "Chemise en coton bio"),
              caption: "Coton bio : cultivé sans pesticides de synthèse.",
              aspectRatio: "3:4",
            },
            {
              type: "image",
              image: garment("blouse", "offwhite", "Chemisier en lin"),
              caption: "Lin : pousse avec peu d’eau et s’adoucit à chaque lavage.",
              aspectRatio: "3:4",
            },
            {
              type: "image",
              image: garment("jacket", "navy", "Veste en polyester recyclé"),
              caption: "Polyester recyclé : issu de bouteilles en PET usagées.",
              aspectRatio: "3:4",
            },
          ],
        },
        {
          type: "image_slider",
          title: "Dans nos ateliers",
          aspectRatio: "21:9",
          slides: [
            { image: banner("cardigan", "beige", "Cardigan beige"), caption: "Maille du Portugal" },
            { image: banner("jeans", "denim", "Jean bleu denim"), caption: "Denim d’Italie" },
            { image: banner("dress", "green", "Robe verte"), caption: "Lin de Lituanie" },
          ],
        },
        {
          type: "grid",
          columns: 2,
          items: [
            { type: "product", productId: 1001, title: "La pièce de la semaine" },
            {
              type: "call_to_action",
              title: "Réparer plutôt que jeter",
              text: "Un bouton perdu, une couture ouverte ? Nos magasins réparent gratuitement les petits dommages.",
              link: { href: "/location/", label: "Trouver un magasin" },
              style: "accent",
            },
          ],
        },
        {
          type: "product_slider",
          title: "Nos pièces préférées en meilleures matières",
          source: { kind: "products", productIds: FAVOURITE_PRODUCT_IDS },
        },
        accordion(
          [
            [
              "Que signifie coton bio ?",
              "<p>Le coton bio est cultivé sans pesticides ni engrais de synthèse, le plus souvent arrosé par la pluie.</p>",
            ],
            [
              "Comment emballez-vous ?",
              "<p>Nos cartons sont à 100 % en papier recyclé et nous expédions les vêtements sans housse plastique supplémentaire.</p>",
            ],
          ],
          "Questions fréquentes",
        ),
      ],
      en: [
        {
          type: "banner",
          eyebrow: "Our promise",
          title: "Fashion that stays",
          text: "Better materials, fair partners, less packaging.",
          image: banner("shirt", "offwhite", "Off-white shirt"),
        },
        text(
          "<h2>Less, but better</h2><p>The most sustainable jacket is the one you wear for years. That is why we look for <strong>hard-wearing fabrics</strong>, careful finishing and timeless cuts, and we know where our materials come from.</p>",
        ),
        {
          type: "grid",
          columns: 3,
          items: [
            {
              type: "image",
              image: garment("shirt", "lightblue", "Organic cotton shirt"),
              caption: "Organic cotton: grown without synthetic pesticides.",
              aspectRatio: "3:4",
            },
            {
              type: "image",
              image: garment("blouse", "offwhite", "Linen blouse"),
              caption: "Linen: needs little water and gets softer with every wash.",
              aspectRatio: "3:4",
            },
            {
              type: "image",
              image: garment("jacket", "navy", "Recycled polyester jacket"),
              caption: "Recycled polyester: made from used PET bottles.",
              aspectRatio: "3:4",
            },
          ],
        },
        {
          type: "image_slider",
          title: "From our workshops",
          aspectRatio: "21:9",
          slides: [
            { image: banner("cardigan", "beige", "Beige cardigan"), caption: "Knitwear from Portugal" },
            { image: banner("jeans", "denim", "Denim blue jeans"), caption: "Denim from Italy" },
            { image: banner("dress", "green", "Green dress"), caption: "Linen from Lithuania" },
          ],
        },
        {
          type: "grid",
          columns: 2,
          items: [
            { type: "product", productId: 1001, title: "Piece of the week" },
            {
              type: "call_to_action",
              title: "Repair, don’t replace",
              text: "Lost a button, a seam come loose? Our stores repair small damage free of charge.",
              link: { href: "/location/", label: "Find a store" },
              style: "accent",
            },
          ],
        },
        {
          type: "product_slider",
          title: "Favourites in better materials",
          source: { kind: "products", productIds: FAVOURITE_PRODUCT_IDS },
        },
        accordion(
          [
            [
              "What does organic cotton mean?",
              "<p>Organic cotton is grown without synthetic pesticides or fertilisers, mostly watered by rain.</p>",
            ],
            [
              "How do you pack?",
              "<p>Our boxes are 100% recycled paper, and we ship clothes without extra plastic bags.</p>",
            ],
          ],
          "Frequently asked questions",
        ),
      ],
    },
  },
  {
    key: "help",
    slugs: { de: "hilfe", fr: "aide", en: "help" },
    titles: { de: "Hilfe & Service", fr: "Aide & service", en: "Help & service" },
    descriptions: {
      de: "Versand, Rücksendung, Zahlung, Größen und Kontakt: alle Antworten auf einen Blick.",
      fr: "Livraison, retours, paiement, tailles et contact : toutes les réponses en un coup d’œil.",
      en: "Delivery, returns, payment, sizes and contact: every answer at a glance.",
    },
    blocks: {
      de: [
        text(
          "<p>Hier findest du Antworten rund um deine Bestellung. Du brauchst mehr Hilfe? Wir sind für dich da.</p>",
        ),
        {
          type: "footer_columns",
          columns: [
            {
              title: "Bestellung",
              links: [
                { href: "/s/versand/", label: "Versand & Lieferung" },
                { href: "/s/zahlung/", label: "Zahlungsarten" },
                { href: "/order-trackform/", label: "Sendungsverfolgung" },
              ],
            },
            {
              title: "Rückgabe & Größen",
              links: [
                { href: "/s/ruecksendung/", label: "Rücksendung & Umtausch" },
                { href: "/returns-portal/", label: "Retourenportal" },
                { href: "/s/groessentabelle/", label: "Größentabelle" },
              ],
            },
            {
              title: "Rechtliches",
              links: [
                { href: "/s/agb/", label: "AGB" },
                { href: "/s/datenschutz/", label: "Datenschutz" },
                { href: "/s/impressum/", label: "Impressum" },
              ],
            },
          ],
        },
        {
          type: "call_to_action",
          title: "Noch Fragen?",
          text: "Unser Kundenservice antwortet werktags innerhalb von 24 Stunden.",
          link: { href: "/s/kontakt/", label: "Kontakt aufnehmen" },
        },
      ],
      fr: [
        text(
          "<p>Vous trouverez ici les réponses concernant votre commande. Besoin d’aide supplémentaire ? Nous sommes là pour vous.</p>",
        ),
        {
          type: "footer_columns",
          columns: [
            {
              title: "Commande",
              links: [
                { href: "/s/livraison/", label: "Livraison" },
                { href: "/s/paiement/", label: "Moyens de paiement" },
                { href: "/order-trackform/", label: "Suivi de commande" },
              ],
            },
            {
              title: "Retours & tailles",
              links: [
                { href: "/s/retours/", label: "Retours & échanges" },
                { href: "/returns-portal/", label: "Portail des retours" },
                { href: "/s/guide-des-tailles/", label: "Guide des tailles" },
              ],
            },
            {
              title: "Informations légales",
              links: [
                { href: "/s/cgv/", label: "CGV" },
                { href: "/s/protection-des-donnees/", label: "Protection des données" },
                { href: "/s/mentions-legales/", label: "Mentions légales" },
              ],
            },
          ],
        },
        {
          type: "call_to_action",
          title: "D’autres questions ?",
          text: "Notre service client répond en 24 heures les jours ouvrés.",
          link: { href: "/s/contact/", label: "Nous contacter" },
        },
      ],
      en: [
        text("<p>Here you find answers about your order. Need more help? We are here for you.</p>"),
        {
          type: "footer_columns",
          columns: [
            {
              title: "Orders",
              links: [
                { href: "/s/shipping/", label: "Shipping & delivery" },
                { href: "/s/payment/", label: "Payment methods" },
                { href: "/order-trackform/", label: "Order tracking" },
              ],
            },
            {
              title: "Returns & sizes",
              links: [
                { href: "/s/returns/", label: "Returns & exchanges" },
                { href: "/returns-portal/", label: "Returns portal" },
                { href: "/s/size-guide/", label: "Size guide" },
              ],
            },
            {
              title: "Legal",
              links: [
                { href: "/s/terms/", label: "Terms and conditions" },
                { href: "/s/privacy/", label: "Privacy policy" },
                { href: "/s/imprint/", label: "Imprint" },
              ],
            },
          ],
        },
        {
          type: "call_to_action",
          title: "Any questions?",
          text: "Our customer service answers within 24 hours on working days.",
          link: { href: "/s/contact/", label: "Contact us" },
        },
      ],
    },
  },
];

const LANGUAGES = ["de", "fr", "en"] as const;

function pageEntries(pages: readonly Page[], pageType: "service" | "content", language: Language): ContentEntryInput[] {
  return pages.map((page) => ({
    language,
    slug: page.slugs[language],
    pageType,
    title: page.titles[language],
    seoTitle: page.titles[language],
    seoDescription: page.descriptions?.[language] ?? "",
    draftBlocks: page.blocks[language],
    publishedBlocks: page.blocks[language],
    pageKey: page.key,
  }));
}

/** Every demo entry, validated with the block schemas (a broken demo block fails here, not in the shop). */
export function buildContentEntries(): ContentEntryRecord[] {
  const entries: ContentEntryInput[] = [];
  for (const language of LANGUAGES) {
    const home = HOME[language];
    entries.push({
      language,
      slug: "",
      pageType: "home",
      title: home.title,
      seoTitle: home.title,
      seoDescription: home.description,
      draftBlocks: home.blocks,
      publishedBlocks: home.blocks,
    });
    entries.push(...pageEntries(SERVICE_PAGES, "service", language));
    entries.push(...pageEntries(CONTENT_PAGES, "content", language));
  }
  // The help centre's articles come after the classic service pages (the footer lists those by creation order).
  entries.push(...helpArticleEntries());
  return entries.map((entry) => contentEntryRecordSchema.parse(entry));
}
