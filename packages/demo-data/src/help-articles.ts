import type { ContentBlockInput, ContentEntryInput, Language } from "@vitrine/commerce";

/**
 * The help centre's articles (issue 23): service pages `/{store}/s/{slug}/` in German, French and English, in the
 * categories of the help centre. Every figure is the shop's own rule: delivery prices and days per country
 * (commerce shop/delivery.ts), the 30-day return period, the payment methods, invoice due in 14 days, unpaid
 * prepayment cancelled after 10 days, one fashion card point per euro or franc, VIP from 5,000 points.
 * Page key `help_{category}_{name}`: the help centre reads the category from it.
 */

/** slug, title, summary (the words shoppers search with), paragraphs, optional questions and answers. */
type Version = [slug: string, title: string, summary: string, paragraphs: string[], faq?: [string, string][]];

export interface HelpArticle {
  category: string;
  name: string;
  versions: Record<Language, Version>;
}

const a = (category: string, name: string, versions: Record<Language, Version>): HelpArticle => ({
  category,
  name,
  versions,
});

export const HELP_ARTICLES: readonly HelpArticle[] = [
  // --- delivery ------------------------------------------------------------------------------------------
  a("delivery", "delivery-times", {
    de: [
      "lieferzeiten",
      "Wie lange dauert die Lieferung?",
      "Lieferzeit und Lieferdauer nach Deutschland, Österreich und in die Schweiz: wann kommt mein Paket an?",
      [
        "Artikel auf Lager sind mit Standardversand innerhalb Deutschlands in 2–4 Werktagen bei dir, nach Österreich und in die Schweiz in 3–5 Werktagen. Mit Expressversand dauert die Lieferung nur 1–2 Werktage.",
        "Werktage sind Montag bis Samstag, Feiertage ausgenommen. Bestellst du vor 14 Uhr, verlässt dein Paket unser Lager meist noch am selben Tag.",
        "Artikel, die wir nachbestellen, zeigen auf der Produktseite und im Warenkorb ihren späteren Liefertermin.",
      ],
    ],
    fr: [
      "delais-de-livraison",
      "Quel est le délai de livraison ?",
      "Délai de livraison en Suisse, en Allemagne et en Autriche : quand mon colis arrive-t-il ?",
      [
        "Les articles en stock sont livrés en livraison standard en 3 à 5 jours ouvrés en Suisse et en Autriche, et en 2 à 4 jours ouvrés en Allemagne. En livraison express, comptez seulement 1 à 2 jours ouvrés.",
        "Les jours ouvrés vont du lundi au samedi, jours fériés exceptés. Commandé avant 14 h, votre colis quitte généralement notre entrepôt le jour même.",
        "Les articles réassortis affichent leur date de livraison plus tardive sur la fiche produit et dans le panier.",
      ],
    ],
    en: [
      "delivery-times",
      "How long does delivery take?",
      "Delivery time to Germany, Austria, Switzerland and the United Kingdom: when will my parcel arrive?",
      [
        "Items in stock arrive with standard delivery in 2–4 working days in Germany, 3–5 working days in Austria and Switzerland and 4–6 working days in the United Kingdom. Express delivery takes only 1–2 working days (2–3 to the United Kingdom).",
        "Working days are Monday to Saturday, public holidays excepted. Order before 2 pm and your parcel usually leaves our warehouse the same day.",
        "Items we reorder show their later delivery date on the product page and in the basket.",
      ],
    ],
  }),
  a("delivery", "shipping-costs", {
    de: [
      "versandkosten",
      "Was kostet der Versand?",
      "Versandkosten, Lieferkosten und ab wann der Versand kostenlos ist (versandkostenfrei).",
      [
        "Innerhalb Deutschlands kostet der Standardversand 4,95 € und ist ab einem Bestellwert von 50 € kostenlos. Nach Österreich kostet er 5,95 €, kostenlos ab 60 €. In die Schweiz kostet er 7,90 CHF, kostenlos ab 80 CHF.",
        "Expressversand kostet innerhalb Deutschlands 9,95 €, nach Österreich 12,95 € und in die Schweiz 14,90 CHF; er ist nie kostenlos.",
        "Im Warenkorb siehst du immer, wie viel dir bis zum kostenlosen Versand noch fehlt.",
      ],
    ],
    fr: [
      "frais-de-livraison",
      "Combien coûte la livraison ?",
      "Frais de livraison, frais de port et livraison gratuite à partir de quel montant.",
      [
        "En Suisse, la livraison standard coûte 7,90 CHF et elle est gratuite dès 80 CHF d’achat. Vers l’Allemagne, elle coûte 5,90 CHF, gratuite dès 60 CHF ; vers l’Autriche 6,90 CHF, gratuite dès 70 CHF.",
        "La livraison express coûte 14,90 CHF en Suisse ; elle n’est jamais gratuite.",
        "Le panier vous indique toujours le montant qui manque pour la livraison gratuite.",
      ],
    ],
    en: [
      "shipping-costs",
      "How much does shipping cost?",
      "Shipping costs, delivery charges, minimum order value for free shipping per country.",
      [
        "Standard shipping to Germany costs €4.95 and is free from an order value of €50. To Austria it costs €5.95, free from €60; to Switzerland €7.95, free from €80; to the United Kingdom €9.95, free from €150.",
        "Express shipping costs €9.95 to Germany, €12.95 to Austria, €14.95 to Switzerland and €19.95 to the United Kingdom; it is never free.",
        "Your basket always shows how much is missing for free shipping.",
      ],
    ],
  }),
  a("delivery", "express-delivery", {
    de: [
      "expressversand",
      "Expressversand: schnelle Lieferung",
      "Express, Expresslieferung, schneller Versand in 1–2 Werktagen, Lieferung am nächsten Tag.",
      [
        "Mit Expressversand ist deine Bestellung in 1–2 Werktagen bei dir. Wähle im Checkout einfach „Express“ als Versandart.",
        "Express kostet innerhalb Deutschlands 9,95 €, nach Österreich 12,95 € und in die Schweiz 14,90 CHF. Expressversand gilt nur für Artikel auf Lager; nachbestellte Artikel kommen zu ihrem Liefertermin.",
      ],
    ],
    fr: [
      "livraison-express",
      "Livraison express",
      "Express, livraison rapide en 1 à 2 jours ouvrés, livraison le lendemain.",
      [
        "Avec la livraison express, votre commande arrive en 1 à 2 jours ouvrés. Choisissez simplement « Express » comme mode de livraison lors du paiement.",
        "L’express coûte 14,90 CHF en Suisse. Il ne vaut que pour les articles en stock ; les articles réassortis arrivent à leur date de livraison.",
      ],
    ],
    en: [
      "express-delivery",
      "Express delivery",
      "Express shipping, fast delivery in 1–2 working days, next-day delivery.",
      [
        "With express delivery your order arrives in 1–2 working days (2–3 to the United Kingdom). Simply choose “Express” as the delivery method at checkout.",
        "Express costs €9.95 to Germany, €12.95 to Austria, €14.95 to Switzerland and €19.95 to the United Kingdom. It applies to items in stock only; reordered items arrive on their delivery date.",
      ],
    ],
  }),
  a("delivery", "delivery-countries", {
    de: [
      "lieferlaender",
      "In welche Länder liefert ihr?",
      "Lieferländer, Lieferung ins Ausland, Versand nach Österreich und in die Schweiz.",
      [
        "Wir liefern nach Deutschland, Österreich und in die Schweiz. Jeder Shop zeigt im Checkout die Länder, in die er liefert.",
        "Bei Lieferungen in die Schweiz aus dem deutschen oder österreichischen Shop können Zoll und Einfuhrumsatzsteuer anfallen; bestelle am besten im Schweizer Shop, dort sind alle Preise in CHF inklusive Steuern.",
      ],
    ],
    fr: [
      "pays-de-livraison",
      "Dans quels pays livrez-vous ?",
      "Pays de livraison, livraison à l’étranger, envoi en Allemagne et en Autriche.",
      [
        "Nous livrons en Suisse, en Allemagne et en Autriche. Chaque boutique indique lors du paiement les pays qu’elle livre.",
        "Dans la boutique suisse, tous les prix sont en CHF, taxes et droits de douane compris : aucun frais supplémentaire à la livraison.",
      ],
    ],
    en: [
      "delivery-countries",
      "Which countries do you deliver to?",
      "Delivery countries, international shipping, delivery abroad and to the UK.",
      [
        "The international store delivers to Germany, Austria, Switzerland and the United Kingdom. Checkout shows the countries each store delivers to.",
        "Deliveries to Switzerland and the United Kingdom leave the EU: customs duties and import VAT may be charged on delivery.",
      ],
    ],
  }),
  a("delivery", "parcel-tracking", {
    de: [
      "sendungsverfolgung",
      "Wo ist mein Paket? Sendungsverfolgung",
      "Paket verfolgen, Sendungsnummer, Tracking, Status der Lieferung.",
      [
        "Sobald dein Paket unterwegs ist, schicken wir dir eine Versandbestätigung per E-Mail mit der Sendungsnummer. Damit kannst du die Lieferung verfolgen.",
        "Du kannst den Status jederzeit über die Sendungsverfolgung abrufen: Bestellnummer und E-Mail-Adresse eingeben, fertig. Mit Kundenkonto siehst du alle Bestellungen unter „Meine Bestellungen“.",
      ],
    ],
    fr: [
      "suivi-de-colis",
      "Où est mon colis ? Suivi de commande",
      "Suivre mon colis, numéro de suivi, tracking, statut de la livraison.",
      [
        "Dès que votre colis est en route, nous vous envoyons une confirmation d’expédition par e-mail avec le numéro de suivi. Il vous permet de suivre la livraison.",
        "Vous pouvez consulter le statut à tout moment avec le suivi de commande : saisissez le numéro de commande et votre adresse e-mail. Avec un compte client, toutes vos commandes sont sous « Mes commandes ».",
      ],
    ],
    en: [
      "parcel-tracking",
      "Where is my parcel? Order tracking",
      "Track my parcel, tracking number, shipment status, where is my order.",
      [
        "As soon as your parcel is on its way we send you a shipping confirmation by e-mail with the tracking number, so you can follow the delivery.",
        "You can check the status at any time with order tracking: enter your order number and e-mail address. With an account you find every order under “My orders”.",
      ],
    ],
  }),
  a("delivery", "packstation", {
    de: [
      "packstation-und-abholung",
      "Lieferung an Packstation oder Postfiliale",
      "Packstation, Paketshop, Postfiliale, abweichende Lieferadresse, Nachbarn.",
      [
        "Wir liefern auch an Packstationen und Postfilialen in Deutschland. Gib als Straße „Packstation“ und ihre Nummer an und deine Postnummer im Adresszusatz.",
        "Bist du bei der Zustellung nicht zu Hause, gibt der Zusteller das Paket bei Nachbarn oder in der nächsten Filiale ab und hinterlässt eine Benachrichtigung.",
        "Die Lieferadresse darf von der Rechnungsadresse abweichen; beim Kauf auf Rechnung muss sie eine Wohnadresse sein.",
      ],
    ],
    fr: [
      "point-relais",
      "Livraison en point relais ou à une autre adresse",
      "Point relais, bureau de poste, autre adresse de livraison, voisins, absent.",
      [
        "Vous pouvez indiquer une adresse de livraison différente de l’adresse de facturation, par exemple votre lieu de travail.",
        "Si vous êtes absent, le livreur dépose le colis chez un voisin ou au bureau de poste le plus proche et vous laisse un avis de passage.",
        "Pour un paiement sur facture, l’adresse de livraison doit être une adresse de domicile.",
      ],
    ],
    en: [
      "parcel-lockers",
      "Delivery to a parcel locker or another address",
      "Parcel locker, Packstation, post office, different delivery address, neighbour, not at home.",
      [
        "In Germany we also deliver to Packstation parcel lockers and post offices: enter “Packstation” and its number as the street and your customer number in the address line 2.",
        "If you are not at home, the courier leaves the parcel with a neighbour or at the nearest post office and leaves you a card.",
        "The delivery address may differ from the billing address; when you pay by invoice it must be a home address.",
      ],
    ],
  }),
  // --- orders --------------------------------------------------------------------------------------------
  a("orders", "change-cancel", {
    de: [
      "bestellung-aendern-stornieren",
      "Bestellung ändern oder stornieren",
      "Bestellung stornieren, widerrufen, ändern, Artikel entfernen, Adresse ändern.",
      [
        "Solange deine Bestellung noch nicht versandt ist, kannst du sie stornieren: schreib uns mit deiner Bestellnummer über das Kontaktformular, wir kümmern uns sofort darum.",
        "Einzelne Artikel, Größen oder die Lieferadresse können wir nach dem Absenden nicht mehr ändern. Storniere in dem Fall und bestelle neu, oder schicke die Artikel nach Erhalt kostenlos zurück.",
        "Ist das Paket schon unterwegs, nimm es einfach an und melde eine Rücksendung an.",
      ],
    ],
    fr: [
      "modifier-annuler-commande",
      "Modifier ou annuler une commande",
      "Annuler ma commande, annulation, modifier, changer l’adresse, retirer un article.",
      [
        "Tant que votre commande n’est pas expédiée, vous pouvez l’annuler : écrivez-nous avec votre numéro de commande via le formulaire de contact, nous nous en occupons aussitôt.",
        "Après l’envoi de la commande, nous ne pouvons plus modifier les articles, les tailles ni l’adresse de livraison. Annulez et commandez à nouveau, ou retournez gratuitement les articles après réception.",
        "Si le colis est déjà en route, acceptez-le et déclarez un retour.",
      ],
    ],
    en: [
      "change-or-cancel-order",
      "Change or cancel an order",
      "Cancel my order, cancellation, change order, remove an item, change the address.",
      [
        "As long as your order has not been shipped you can cancel it: write to us with your order number through the contact form and we take care of it at once.",
        "Once sent, we can no longer change single items, sizes or the delivery address. Cancel and order again, or return the items free of charge after delivery.",
        "If the parcel is already on its way, accept it and register a return.",
      ],
    ],
  }),
  a("orders", "confirmation-missing", {
    de: [
      "keine-bestellbestaetigung",
      "Ich habe keine Bestellbestätigung erhalten",
      "Bestellbestätigung fehlt, keine E-Mail bekommen, Spam-Ordner.",
      [
        "Die Bestellbestätigung kommt wenige Minuten nach der Bestellung per E-Mail. Schau bitte auch in deinen Spam-Ordner.",
        "Kommt keine E-Mail, war die E-Mail-Adresse vielleicht falsch geschrieben. Mit Kundenkonto findest du die Bestellung unter „Meine Bestellungen“; sonst hilft dir unser Kundenservice mit Name und Lieferadresse weiter.",
      ],
    ],
    fr: [
      "confirmation-de-commande",
      "Je n’ai pas reçu de confirmation de commande",
      "Confirmation de commande manquante, pas reçu d’e-mail, courrier indésirable.",
      [
        "La confirmation de commande arrive par e-mail quelques minutes après la commande. Vérifiez aussi votre dossier de courrier indésirable (spam).",
        "Sans e-mail, l’adresse e-mail était peut-être mal saisie. Avec un compte client, la commande figure sous « Mes commandes » ; sinon notre service client vous aide avec votre nom et votre adresse de livraison.",
      ],
    ],
    en: [
      "order-confirmation",
      "I did not receive an order confirmation",
      "Order confirmation missing, no e-mail received, spam folder.",
      [
        "The order confirmation arrives by e-mail a few minutes after you order. Please also check your spam folder.",
        "If no e-mail comes, the e-mail address may have been mistyped. With an account you find the order under “My orders”; otherwise our customer service helps you with your name and delivery address.",
      ],
    ],
  }),
  a("orders", "order-without-account", {
    de: [
      "bestellen-ohne-konto",
      "Bestellen als Gast ohne Kundenkonto",
      "Gastbestellung, ohne Registrierung bestellen, ohne Anmeldung.",
      [
        "Du kannst ohne Kundenkonto als Gast bestellen: gib im Checkout einfach deine E-Mail-Adresse und Adresse an.",
        "Mit einem Kundenkonto geht es beim nächsten Mal schneller: Adressen sind gespeichert, du siehst alle Bestellungen und kannst Rücksendungen direkt anmelden.",
      ],
    ],
    fr: [
      "commander-sans-compte",
      "Commander sans compte client",
      "Commande en tant qu’invité, commander sans inscription, sans se connecter.",
      [
        "Vous pouvez commander sans compte client, en tant qu’invité : indiquez simplement votre adresse e-mail et votre adresse lors du paiement.",
        "Avec un compte client, c’est plus rapide la fois suivante : vos adresses sont enregistrées, vous voyez toutes vos commandes et déclarez vos retours directement.",
      ],
    ],
    en: [
      "guest-checkout",
      "Ordering as a guest without an account",
      "Guest checkout, order without registering, without signing in.",
      [
        "You can order without an account as a guest: simply enter your e-mail address and address at checkout.",
        "An account makes the next order faster: your addresses are saved, you see every order and register returns directly.",
      ],
    ],
  }),
  a("orders", "sold-out", {
    de: [
      "artikel-ausverkauft",
      "Artikel ausverkauft oder Größe nicht verfügbar",
      "Ausverkauft, nicht lieferbar, Größe vergriffen, wieder verfügbar, Nachlieferung.",
      [
        "Ist ein Artikel oder eine Größe ausverkauft, kannst du ihn auf deine Wunschliste setzen. Viele Artikel bestellen wir nach; sie sind dann mit ihrem Liefertermin wieder bestellbar.",
        "Über „In der Filiale verfügbar“ auf der Produktseite siehst du, welche Filiale in deiner Nähe die Größe noch vorrätig hat.",
      ],
    ],
    fr: [
      "article-epuise",
      "Article épuisé ou taille indisponible",
      "Épuisé, rupture de stock, taille indisponible, de nouveau disponible, réassort.",
      [
        "Si un article ou une taille est épuisé, ajoutez-le à votre liste d’envies. Nous réassortissons de nombreux articles ; ils sont alors de nouveau commandables avec leur date de livraison.",
        "Avec « Disponible en magasin » sur la fiche produit, vous voyez quel magasin près de chez vous a encore la taille en stock.",
      ],
    ],
    en: [
      "sold-out",
      "Item sold out or size not available",
      "Sold out, out of stock, size unavailable, back in stock, restock.",
      [
        "If an item or size is sold out, add it to your wishlist. We reorder many items; they can then be ordered again with their delivery date.",
        "“Available in store” on the product page shows which store near you still has the size in stock.",
      ],
    ],
  }),
  a("orders", "damaged-or-wrong", {
    de: [
      "artikel-beschaedigt-falsch",
      "Artikel beschädigt, falsch oder fehlt",
      "Reklamation, beschädigter Artikel, falscher Artikel geliefert, Artikel fehlt im Paket, Mangel.",
      [
        "Ist ein Artikel beschädigt, fehlerhaft oder haben wir etwas Falsches geschickt, tut uns das leid. Melde dich innerhalb von 30 Tagen mit Bestellnummer und einem Foto beim Kundenservice.",
        "Fehlt ein Artikel im Paket, prüfe bitte die Versandbestätigung: Manchmal kommen Bestellungen in mehreren Paketen. Fehlt er trotzdem, schicken wir ihn nach oder erstatten den Betrag.",
        "Reklamierte Ware schickst du mit dem kostenlosen Rücksendeetikett zurück; wir ersetzen sie oder erstatten dir den vollen Preis.",
      ],
    ],
    fr: [
      "article-endommage-errone",
      "Article endommagé, erroné ou manquant",
      "Réclamation, article abîmé, mauvais article livré, article manquant dans le colis, défaut.",
      [
        "Si un article est endommagé, défectueux ou si nous avons envoyé le mauvais article, nous en sommes désolés. Contactez le service client dans les 30 jours avec le numéro de commande et une photo.",
        "S’il manque un article dans le colis, vérifiez la confirmation d’expédition : les commandes arrivent parfois en plusieurs colis. S’il manque toujours, nous l’envoyons ou le remboursons.",
        "Renvoyez l’article réclamé avec l’étiquette de retour gratuite ; nous le remplaçons ou vous remboursons le prix complet.",
      ],
    ],
    en: [
      "damaged-or-wrong-item",
      "Item damaged, wrong or missing",
      "Complaint, damaged item, wrong item delivered, item missing from the parcel, faulty.",
      [
        "If an item is damaged or faulty, or we sent the wrong one, we are sorry. Contact customer service within 30 days with your order number and a photo.",
        "If an item is missing from your parcel, check the shipping confirmation: orders sometimes arrive in several parcels. If it is still missing, we send it or refund it.",
        "Send a faulty item back with the free return label; we replace it or refund the full price.",
      ],
    ],
  }),
  a("orders", "order-status", {
    de: [
      "bestellstatus",
      "Was bedeutet der Status meiner Bestellung?",
      "Bestellstatus, aufgegeben, bezahlt, versandt, zugestellt, storniert.",
      [
        "„Aufgegeben“: wir haben deine Bestellung erhalten. „Bezahlt“: die Zahlung ist bei uns eingegangen. „Versandt“: das Paket ist unterwegs, die Sendungsnummer steht in der Versandbestätigung. „Zugestellt“: das Paket ist angekommen.",
        "„Storniert“: die Bestellung wurde storniert, etwa auf deinen Wunsch oder weil eine Vorkasse-Zahlung nicht innerhalb von 10 Tagen einging.",
      ],
    ],
    fr: [
      "statut-de-commande",
      "Que signifie le statut de ma commande ?",
      "Statut de commande, passée, payée, expédiée, livrée, annulée.",
      [
        "« Passée » : nous avons reçu votre commande. « Payée » : le paiement nous est parvenu. « Expédiée » : le colis est en route, le numéro de suivi figure dans la confirmation d’expédition. « Livrée » : le colis est arrivé.",
        "« Annulée » : la commande a été annulée, par exemple à votre demande ou parce qu’un paiement par virement anticipé n’est pas arrivé dans les 10 jours.",
      ],
    ],
    en: [
      "order-status",
      "What does my order status mean?",
      "Order status: placed, paid, shipped, delivered, cancelled.",
      [
        "“Placed”: we have received your order. “Paid”: your payment has reached us. “Shipped”: the parcel is on its way, the tracking number is in the shipping confirmation. “Delivered”: the parcel has arrived.",
        "“Cancelled”: the order was cancelled, for instance at your request or because a bank transfer in advance did not arrive within 10 days.",
      ],
    ],
  }),
  // --- returns -------------------------------------------------------------------------------------------
  a("returns", "how-to-return", {
    de: [
      "ruecksendung-anmelden",
      "So schickst du Artikel zurück",
      "Retoure anmelden, zurückschicken, Rücksendeetikett, Retourenportal, Rückgabefrist 30 Tage.",
      [
        "Du hast 30 Tage ab Lieferung Zeit, Artikel zurückzuschicken. Melde die Rücksendung im Retourenportal an: Bestellnummer und E-Mail-Adresse eingeben, Artikel und Grund wählen.",
        "Drucke das Rücksendeetikett aus, klebe es auf das Paket und gib es bei der Post ab. Die Rücksendung ist für dich kostenlos.",
        "Bitte schicke Artikel ungetragen, ungewaschen und mit Etikett zurück.",
      ],
    ],
    fr: [
      "declarer-un-retour",
      "Comment retourner un article",
      "Déclarer un retour, renvoyer, étiquette de retour, portail des retours, délai de 30 jours.",
      [
        "Vous disposez de 30 jours à compter de la livraison pour retourner vos articles. Déclarez le retour sur le portail des retours : saisissez le numéro de commande et l’adresse e-mail, choisissez les articles et le motif.",
        "Imprimez l’étiquette de retour, collez-la sur le colis et déposez-le à la poste. Le retour est gratuit pour vous.",
        "Merci de renvoyer les articles non portés, non lavés et avec leur étiquette.",
      ],
    ],
    en: [
      "how-to-return",
      "How to return items",
      "Register a return, send back, return label, returns portal, 30-day return period.",
      [
        "You have 30 days from delivery to send items back. Register the return in the returns portal: enter your order number and e-mail address, choose the items and a reason.",
        "Print the return label, stick it on the parcel and drop it off at the post office. Returns are free of charge for you.",
        "Please return items unworn, unwashed and with their tags.",
      ],
    ],
  }),
  a("returns", "return-costs", {
    de: [
      "ruecksendekosten",
      "Ist die Rücksendung kostenlos?",
      "Rücksendekosten, Retourenkosten, kostenlose Rücksendung, Versandkosten erstattet.",
      [
        "Ja, die Rücksendung ist innerhalb von 30 Tagen kostenlos: das Rücksendeetikett aus dem Retourenportal ist bereits bezahlt.",
        "Schickst du die ganze Bestellung zurück, erstatten wir auch die Versandkosten der Standardlieferung; ein Aufpreis für Express wird nicht erstattet.",
      ],
    ],
    fr: [
      "frais-de-retour",
      "Le retour est-il gratuit ?",
      "Frais de retour, retour gratuit, frais de livraison remboursés.",
      [
        "Oui, le retour est gratuit dans les 30 jours : l’étiquette de retour du portail des retours est déjà payée.",
        "Si vous retournez toute la commande, nous remboursons aussi les frais de livraison standard ; le supplément pour l’express n’est pas remboursé.",
      ],
    ],
    en: [
      "return-costs",
      "Are returns free?",
      "Return costs, free returns, return shipping fee, shipping costs refunded.",
      [
        "Yes, returns are free within 30 days: the return label from the returns portal is already paid.",
        "If you return the whole order we also refund the standard shipping costs; the surcharge for express is not refunded.",
      ],
    ],
  }),
  a("returns", "refund", {
    de: [
      "erstattung",
      "Wann bekomme ich mein Geld zurück?",
      "Erstattung, Rückerstattung, Geld zurück, Gutschrift nach der Retoure.",
      [
        "Sobald deine Rücksendung bei uns eingegangen und geprüft ist, erstatten wir den Betrag, in der Regel innerhalb von 5–7 Werktagen. Du bekommst eine E-Mail, wenn die Erstattung veranlasst ist.",
        "Das Geld geht immer auf die ursprüngliche Zahlungsart zurück: auf die Kreditkarte, das PayPal-Konto oder per Überweisung. Mit Geschenkkarte bezahlte Beträge laden wir auf die Karte zurück. Bei offener Rechnung reduziert sich einfach der Rechnungsbetrag.",
      ],
    ],
    fr: [
      "remboursement",
      "Quand serai-je remboursé ?",
      "Remboursement, récupérer mon argent, avoir après un retour.",
      [
        "Dès que votre retour nous est parvenu et a été contrôlé, nous vous remboursons, en général dans un délai de 5 à 7 jours ouvrés. Un e-mail vous informe du remboursement.",
        "L’argent est toujours remboursé sur le moyen de paiement d’origine : carte de crédit, compte PayPal ou virement. Les montants payés par carte cadeau sont recrédités sur la carte. Pour une facture non payée, le montant de la facture diminue simplement.",
      ],
    ],
    en: [
      "refunds",
      "When will I get my money back?",
      "Refund, money back, reimbursement after a return, credit.",
      [
        "As soon as your return has reached us and been checked, we refund the amount, usually within 5–7 working days. You get an e-mail when the refund is on its way.",
        "The money always goes back to the original payment method: the credit card, the PayPal account or by bank transfer. Amounts paid with a gift card are loaded back onto the card. For an unpaid invoice the invoice amount is simply reduced.",
      ],
    ],
  }),
  a("returns", "exchange", {
    de: [
      "umtausch",
      "Artikel umtauschen: andere Größe oder Farbe",
      "Umtausch, umtauschen, andere Größe, andere Farbe, passt nicht.",
      [
        "Passt etwas nicht, schicke den Artikel kostenlos zurück und bestelle die gewünschte Größe oder Farbe einfach neu. So bekommst du den neuen Artikel am schnellsten, denn er geht sofort auf den Weg.",
        "In unseren Filialen kannst du online gekaufte Artikel auch direkt gegen eine andere Größe tauschen, wenn sie vorrätig ist.",
      ],
    ],
    fr: [
      "echange",
      "Échanger un article : autre taille ou couleur",
      "Échange, échanger, autre taille, autre couleur, ne me va pas.",
      [
        "Si un article ne vous va pas, retournez-le gratuitement et commandez simplement la taille ou la couleur souhaitée. C’est le moyen le plus rapide : le nouvel article part aussitôt.",
        "Dans nos magasins, vous pouvez aussi échanger directement un article acheté en ligne contre une autre taille, si elle est en stock.",
      ],
    ],
    en: [
      "exchanges",
      "Exchange an item for another size or colour",
      "Exchange, swap, different size, different colour, does not fit.",
      [
        "If something does not fit, return it free of charge and simply order the size or colour you want. That is the fastest way: the new item leaves at once.",
        "In our stores you can also exchange an item bought online for another size straight away, if it is in stock.",
      ],
    ],
  }),
  a("returns", "return-in-store", {
    de: [
      "rueckgabe-in-der-filiale",
      "Online gekaufte Artikel in der Filiale zurückgeben",
      "Rückgabe in der Filiale, im Laden zurückgeben, Retoure im Geschäft.",
      [
        "Du kannst online bestellte Artikel innerhalb von 30 Tagen in jeder unserer Filialen in Deutschland, Österreich und der Schweiz zurückgeben. Bring die Artikel und deine Bestellnummer (z. B. die Bestellbestätigung auf dem Handy) mit.",
        "Die Erstattung geht wie bei der Rücksendung per Post auf deine ursprüngliche Zahlungsart.",
      ],
    ],
    fr: [
      "retour-en-magasin",
      "Retourner en magasin un article acheté en ligne",
      "Retour en magasin, rendre en boutique.",
      [
        "Vous pouvez retourner les articles commandés en ligne dans les 30 jours dans tous nos magasins en Suisse, en Allemagne et en Autriche. Apportez les articles et votre numéro de commande (par exemple la confirmation sur votre téléphone).",
        "Le remboursement se fait, comme pour un retour par la poste, sur votre moyen de paiement d’origine.",
      ],
    ],
    en: [
      "return-in-store",
      "Return online purchases in a store",
      "Return in store, in-store returns, bring back to a shop.",
      [
        "You can return items ordered online within 30 days in any of our stores in Germany, Austria and Switzerland. Bring the items and your order number (for example the confirmation on your phone).",
        "As with a return by post, the refund goes to your original payment method.",
      ],
    ],
  }),
  a("returns", "non-returnable", {
    de: [
      "vom-umtausch-ausgeschlossen",
      "Welche Artikel sind von der Rückgabe ausgeschlossen?",
      "Nicht zurückgeben, ausgeschlossen, Unterwäsche, Bademode, Ohrringe, Hygiene, Sale-Artikel zurückgeben.",
      [
        "Aus hygienischen Gründen nehmen wir Unterwäsche und Bademode nur mit unbeschädigter Hygienefolie und Ohrringe nur originalverpackt zurück.",
        "Reduzierte Sale-Artikel kannst du wie alle anderen innerhalb von 30 Tagen zurückgeben. Geschenkkarten sind vom Umtausch ausgeschlossen.",
      ],
    ],
    fr: [
      "articles-non-repris",
      "Quels articles ne peuvent pas être retournés ?",
      "Non repris, exclu du retour, sous-vêtements, maillots de bain, boucles d’oreilles, hygiène, articles soldés.",
      [
        "Pour des raisons d’hygiène, nous ne reprenons les sous-vêtements et maillots de bain qu’avec leur film d’hygiène intact, et les boucles d’oreilles que dans leur emballage d’origine.",
        "Les articles soldés se retournent comme tous les autres dans les 30 jours. Les cartes cadeaux ne sont ni reprises ni échangées.",
      ],
    ],
    en: [
      "non-returnable-items",
      "Which items cannot be returned?",
      "Non-returnable, excluded from returns, underwear, swimwear, earrings, hygiene, sale items.",
      [
        "For hygiene reasons we take back underwear and swimwear only with the hygiene seal intact, and earrings only in their original packaging.",
        "Reduced sale items can be returned within 30 days like any other. Gift cards cannot be returned or exchanged.",
      ],
    ],
  }),
  // --- payment -------------------------------------------------------------------------------------------
  a("payment", "invoice", {
    de: [
      "kauf-auf-rechnung",
      "Kauf auf Rechnung",
      "Rechnung, erst kaufen dann bezahlen, Zahlungsziel 14 Tage, Rechnungskauf abgelehnt.",
      [
        "Beim Kauf auf Rechnung bezahlst du erst, wenn die Ware da ist: Das Zahlungsziel beträgt 14 Tage ab Versand. Die Bankverbindung steht auf der Rechnung und in der Bestellbestätigung.",
        "Rechnungsadresse und Lieferadresse müssen Wohnadressen sein. Wird der Kauf auf Rechnung einmal nicht angeboten, wähle bitte eine andere Zahlungsart.",
      ],
    ],
    fr: [
      "paiement-sur-facture",
      "Paiement sur facture",
      "Facture, acheter maintenant payer plus tard, délai de paiement de 14 jours, facture refusée.",
      [
        "Avec le paiement sur facture, vous payez seulement après réception : le délai de paiement est de 14 jours à compter de l’expédition. Les coordonnées bancaires figurent sur la facture et dans la confirmation de commande.",
        "L’adresse de facturation et l’adresse de livraison doivent être des adresses de domicile. Si le paiement sur facture n’est pas proposé, choisissez un autre moyen de paiement.",
      ],
    ],
    en: [
      "pay-by-invoice",
      "Pay by invoice",
      "Invoice, buy now pay later, payment term 14 days, invoice declined.",
      [
        "When you pay by invoice you only pay once the goods have arrived: payment is due within 14 days of dispatch. The bank details are on the invoice and in the order confirmation.",
        "The billing and delivery addresses must be home addresses. If paying by invoice is not offered, please choose another payment method.",
      ],
    ],
  }),
  a("payment", "credit-card", {
    de: [
      "kreditkarte",
      "Zahlen mit Kreditkarte",
      "Kreditkarte, Visa, Mastercard, American Express, 3-D Secure, Karte belastet, Abbuchung.",
      [
        "Wir akzeptieren Visa, Mastercard und American Express. Zur Sicherheit bestätigst du die Zahlung mit 3-D Secure in der App oder per SMS-Code deiner Bank.",
        "Deine Karte wird erst belastet, wenn die Bestellung versandt wird; bis dahin ist der Betrag nur reserviert. Storniert wir die Bestellung, wird die Reservierung aufgehoben.",
      ],
    ],
    fr: [
      "carte-de-credit",
      "Payer par carte de crédit",
      "Carte de crédit, carte bancaire, Visa, Mastercard, American Express, 3-D Secure, débit.",
      [
        "Nous acceptons Visa, Mastercard et American Express. Par sécurité, vous confirmez le paiement avec 3-D Secure dans l’application ou par code SMS de votre banque.",
        "Votre carte n’est débitée qu’à l’expédition de la commande ; jusque-là le montant est seulement réservé. Si la commande est annulée, la réservation est levée.",
      ],
    ],
    en: [
      "credit-card",
      "Paying by credit card",
      "Credit card, Visa, Mastercard, American Express, 3-D Secure, card charged, debit.",
      [
        "We accept Visa, Mastercard and American Express. For your security you confirm the payment with 3-D Secure in your bank’s app or with a text message code.",
        "Your card is charged only when the order ships; until then the amount is merely reserved. If the order is cancelled, the reservation is released.",
      ],
    ],
  }),
  a("payment", "paypal", {
    de: [
      "paypal",
      "Zahlen mit PayPal",
      "PayPal, PayPal-Konto, schnell online bezahlen.",
      [
        "Wähle im Checkout PayPal, melde dich bei PayPal an und bestätige die Zahlung. Danach kommst du automatisch zu deiner Bestellbestätigung zurück.",
        "Bricht die Zahlung bei PayPal ab, ist die Bestellung noch nicht bezahlt: du kannst es erneut versuchen oder eine andere Zahlungsart wählen. Erstattungen gehen auf dein PayPal-Konto.",
      ],
    ],
    fr: [
      "paypal",
      "Payer avec PayPal",
      "PayPal, compte PayPal, payer rapidement en ligne.",
      [
        "Choisissez PayPal lors du paiement, connectez-vous à PayPal et confirmez le paiement. Vous revenez ensuite automatiquement à votre confirmation de commande.",
        "Si le paiement PayPal est interrompu, la commande n’est pas encore payée : réessayez ou choisissez un autre moyen de paiement. Les remboursements sont versés sur votre compte PayPal.",
      ],
    ],
    en: [
      "paypal",
      "Paying with PayPal",
      "PayPal, PayPal account, pay quickly online.",
      [
        "Choose PayPal at checkout, sign in to PayPal and confirm the payment. You then come back to your order confirmation automatically.",
        "If the PayPal payment is interrupted, the order is not paid yet: try again or choose another payment method. Refunds go to your PayPal account.",
      ],
    ],
  }),
  a("payment", "prepayment", {
    de: [
      "vorkasse",
      "Zahlen per Vorkasse (Überweisung)",
      "Vorkasse, Überweisung, Banküberweisung im Voraus, Verwendungszweck.",
      [
        "Bei Vorkasse überweist du den Betrag nach der Bestellung auf unser Konto; die Bankverbindung und den Verwendungszweck findest du in der Bestellbestätigung. Wir versenden, sobald das Geld eingegangen ist.",
        "Geht die Zahlung nicht innerhalb von 10 Tagen ein, stornieren wir die Bestellung automatisch.",
      ],
    ],
    fr: [
      "virement-anticipe",
      "Payer par virement anticipé",
      "Paiement anticipé, virement bancaire à l’avance, prépaiement, communication.",
      [
        "Avec le virement anticipé, vous virez le montant sur notre compte après la commande ; les coordonnées bancaires et la communication à indiquer figurent dans la confirmation de commande. Nous expédions dès réception du paiement.",
        "Si le paiement n’arrive pas dans les 10 jours, la commande est annulée automatiquement.",
      ],
    ],
    en: [
      "bank-transfer-in-advance",
      "Paying by bank transfer in advance",
      "Prepayment, bank transfer, pay in advance, payment reference.",
      [
        "With prepayment you transfer the amount to our account after ordering; the bank details and payment reference are in the order confirmation. We ship as soon as the money has arrived.",
        "If the payment does not arrive within 10 days, the order is cancelled automatically.",
      ],
    ],
  }),
  a("payment", "cash-on-delivery", {
    de: [
      "nachnahme",
      "Zahlen per Nachnahme",
      "Nachnahme, bar bezahlen bei Lieferung, Nachnahmegebühr.",
      [
        "In Deutschland kannst du per Nachnahme zahlen: du bezahlst bar beim Zusteller, wenn das Paket kommt. Die Nachnahmegebühr beträgt 3,00 €.",
        "Nachnahme gibt es nur für Lieferungen innerhalb Deutschlands, nicht nach Österreich oder in die Schweiz.",
      ],
    ],
    fr: [
      "paiement-a-la-livraison",
      "Paiement à la livraison (contre remboursement)",
      "Contre remboursement, payer en espèces à la livraison.",
      [
        "Le paiement à la livraison n’est proposé que pour les livraisons en Allemagne, avec des frais de 3,00 €. Pour la Suisse, choisissez la facture, la carte de crédit, PayPal ou le virement anticipé.",
      ],
    ],
    en: [
      "cash-on-delivery",
      "Cash on delivery",
      "Cash on delivery, pay cash when the parcel arrives, COD fee.",
      [
        "Cash on delivery is available for deliveries within Germany only: you pay the courier in cash when the parcel arrives. The fee is €3.00.",
      ],
    ],
  }),
  a("payment", "promo-codes", {
    de: [
      "gutscheine-und-aktionscodes",
      "Gutschein oder Aktionscode einlösen",
      "Gutschein, Gutscheincode, Rabattcode, Aktionscode einlösen, Rabatt, funktioniert nicht.",
      [
        "Einen Aktionscode gibst du im Warenkorb ins Feld „Gutscheincode“ ein; der Rabatt wird sofort abgezogen. Pro Bestellung gilt ein Aktionscode.",
        "Funktioniert ein Code nicht, prüfe Gültigkeitsdatum und Mindestbestellwert. Manche Aktionen gelten nicht für bereits reduzierte Artikel.",
        "Geschenkkarten sind keine Aktionscodes: du löst sie im Checkout als Zahlungsart ein.",
      ],
    ],
    fr: [
      "codes-promo",
      "Utiliser un bon ou un code promo",
      "Bon de réduction, code promo, code de réduction, remise, ne fonctionne pas.",
      [
        "Saisissez le code promo dans le champ « Code de réduction » du panier ; la remise est déduite aussitôt. Un seul code promo par commande.",
        "Si un code ne fonctionne pas, vérifiez sa date de validité et le montant minimum de commande. Certaines actions ne s’appliquent pas aux articles déjà soldés.",
        "Les cartes cadeaux ne sont pas des codes promo : utilisez-les comme moyen de paiement lors du paiement.",
      ],
    ],
    en: [
      "promo-codes",
      "Redeem a voucher or promo code",
      "Voucher, promo code, discount code, coupon, discount, code not working.",
      [
        "Enter a promo code in the basket’s “Discount code” field; the discount is deducted at once. One promo code applies per order.",
        "If a code does not work, check its expiry date and minimum order value. Some promotions do not apply to items already reduced.",
        "Gift cards are not promo codes: you redeem them at checkout as a payment method.",
      ],
    ],
  }),
  a("payment", "prices-currency", {
    de: [
      "preise-und-waehrung",
      "Preise, Mehrwertsteuer und Währung",
      "Preise inklusive Mehrwertsteuer, MwSt, Euro, Franken, CHF, Zoll, Rechnung mit Steuer.",
      [
        "Alle Preise sind Endpreise inklusive der gesetzlichen Mehrwertsteuer: 19 % in Deutschland, 20 % in Österreich, 8,1 % in der Schweiz. Im deutschen und österreichischen Shop zahlst du in Euro, im Schweizer Shop in Schweizer Franken (CHF).",
        "Die Mehrwertsteuer ist auf deiner Rechnung ausgewiesen.",
      ],
    ],
    fr: [
      "prix-et-devise",
      "Prix, TVA et devise",
      "Prix TTC, TVA incluse, francs suisses, CHF, euros, douane.",
      [
        "Tous les prix sont des prix finaux TVA incluse (8,1 % en Suisse). Dans la boutique suisse, vous payez en francs suisses (CHF), sans frais de douane supplémentaires.",
        "La TVA figure sur votre facture.",
      ],
    ],
    en: [
      "prices-and-currency",
      "Prices, VAT and currency",
      "Prices including VAT, tax, euro, currency, customs duties.",
      [
        "All prices are final prices including VAT. The international store charges in euros; the Swiss stores charge in Swiss francs (CHF).",
        "VAT is shown on your invoice. Deliveries to the United Kingdom and Switzerland may incur import duties on arrival.",
      ],
    ],
  }),
  // --- sizes ---------------------------------------------------------------------------------------------
  a("sizes", "find-your-size", {
    de: [
      "groesse-finden",
      "Die richtige Größe finden",
      "Welche Größe, Größenberatung, messen, Maße, zwischen zwei Größen, Passform.",
      [
        "Miss Brust-, Taillen- und Hüftumfang direkt auf der Haut und vergleiche mit unserer Größentabelle. Die Tabellen zeigen Körpermaße, keine Maße des Kleidungsstücks.",
        "Liegst du zwischen zwei Größen, nimm bei körpernahen Schnitten die größere, bei weiten Schnitten die kleinere. Auf der Produktseite steht, ob ein Artikel eher klein oder groß ausfällt.",
      ],
    ],
    fr: [
      "trouver-sa-taille",
      "Trouver la bonne taille",
      "Quelle taille, conseil taille, mesurer, mensurations, entre deux tailles, coupe.",
      [
        "Mesurez votre tour de poitrine, de taille et de hanches directement sur la peau et comparez avec notre guide des tailles. Les tableaux indiquent des mesures du corps, pas du vêtement.",
        "Si vous hésitez entre deux tailles, prenez la plus grande pour une coupe ajustée et la plus petite pour une coupe ample. La fiche produit indique si un article taille petit ou grand.",
      ],
    ],
    en: [
      "find-your-size",
      "Finding the right size",
      "Which size, size advice, measuring, measurements, between two sizes, fit.",
      [
        "Measure your chest, waist and hips directly on the skin and compare with our size guide. The charts show body measurements, not garment measurements.",
        "If you are between two sizes, take the larger one for close-fitting cuts and the smaller one for loose cuts. The product page says whether an item runs small or large.",
      ],
    ],
  }),
  a("sizes", "shoe-sizes", {
    de: [
      "schuhgroessen",
      "Schuhgrößen umrechnen",
      "Schuhgröße, EU, UK, US, Fußlänge messen, Umrechnung.",
      [
        "Unsere Schuhe haben EU-Größen von 36 bis 45. Miss deine Fußlänge abends im Stehen von der Ferse bis zur längsten Zehe: 24,3 cm entsprechen EU 38 (UK 5), 27,0 cm EU 42 (UK 8).",
        "Die vollständige Umrechnung in UK- und US-Größen findest du in der Größentabelle.",
      ],
    ],
    fr: [
      "pointures",
      "Convertir les pointures",
      "Pointure, EU, UK, US, mesurer la longueur du pied, conversion.",
      [
        "Nos chaussures vont de la pointure EU 36 à 45. Mesurez votre pied le soir, debout, du talon au plus long orteil : 24,3 cm correspondent à EU 38 (UK 5), 27,0 cm à EU 42 (UK 8).",
        "La conversion complète en pointures UK et US figure dans le guide des tailles.",
      ],
    ],
    en: [
      "shoe-sizes",
      "Converting shoe sizes",
      "Shoe size, EU, UK, US, measure foot length, conversion.",
      [
        "Our shoes come in EU sizes 36 to 45. Measure your foot in the evening while standing, from the heel to the longest toe: 24.3 cm is EU 38 (UK 5), 27.0 cm is EU 42 (UK 8).",
        "The full conversion to UK and US sizes is in the size guide.",
      ],
    ],
  }),
  a("sizes", "size-order", {
    de: [
      "groessenbezeichnungen",
      "Konfektionsgrößen XS bis 3XL",
      "Größen S M L XL, Buchstabengrößen und Zahlengrößen, EU-Größe 36 38 40.",
      [
        "Wir führen Größen von 2XS bis 3XL. Damen-Buchstabengrößen entsprechen EU-Größen: XS = 34, S = 36, M = 38, L = 40, XL = 42. Herren: S = 46, M = 48, L = 50, XL = 52.",
        "Hosen und Jeans haben oft Zahlengrößen für Bundweite und Länge, zum Beispiel 32/32.",
      ],
    ],
    fr: [
      "correspondance-des-tailles",
      "Tailles XS à 3XL",
      "Tailles S M L XL, tailles en lettres et en chiffres, taille européenne 36 38 40.",
      [
        "Nous proposons les tailles 2XS à 3XL. Pour les femmes, les tailles en lettres correspondent aux tailles européennes : XS = 34, S = 36, M = 38, L = 40, XL = 42. Pour les hommes : S = 46, M = 48, L = 50, XL = 52.",
        "Les pantalons et jeans ont souvent des tailles en chiffres pour le tour de taille et la longueur, par exemple 32/32.",
      ],
    ],
    en: [
      "size-conversion",
      "Clothing sizes XS to 3XL",
      "Sizes S M L XL, letter sizes and number sizes, EU size 36 38 40.",
      [
        "We carry sizes 2XS to 3XL. Women’s letter sizes match EU sizes: XS = 34, S = 36, M = 38, L = 40, XL = 42. Men: S = 46, M = 48, L = 50, XL = 52.",
        "Trousers and jeans often have number sizes for waist and length, for example 32/32.",
      ],
    ],
  }),
  // --- fashion card --------------------------------------------------------------------------------------
  a("fashion-card", "join", {
    de: [
      "fashion-card",
      "Die Fashion Card: so wirst du Mitglied",
      "Kundenkarte, Bonuskarte, Treuekarte, Fashion Card beantragen, anmelden, kostenlos.",
      [
        "Die Fashion Card ist unsere kostenlose Kundenkarte. Du meldest sie in deinem Kundenkonto unter „Fashion Card“ an und bekommst sofort eine Kartennummer.",
        "Bis zu deiner ersten Bestellung ist sie eine vorläufige Karte, danach eine Basic Card. Du sammelst Punkte online und in allen Filialen.",
      ],
    ],
    fr: [
      "fashion-card",
      "La Fashion Card : devenir membre",
      "Carte de fidélité, carte client, demander la Fashion Card, inscription, gratuite.",
      [
        "La Fashion Card est notre carte de fidélité gratuite. Vous l’activez dans votre compte client sous « Fashion Card » et recevez aussitôt un numéro de carte.",
        "Jusqu’à votre première commande, c’est une carte provisoire, puis une Basic Card. Vous cumulez des points en ligne et dans tous nos magasins.",
      ],
    ],
    en: [
      "fashion-card",
      "The Fashion Card: how to join",
      "Loyalty card, membership card, customer card, apply for the Fashion Card, sign up, free.",
      [
        "The Fashion Card is our free loyalty card. Register it in your account under “Fashion Card” and you get a card number straight away.",
        "Until your first order it is a temporary card, then a Basic Card. You collect points online and in all our stores.",
      ],
    ],
  }),
  a("fashion-card", "points", {
    de: [
      "fashion-card-punkte",
      "Punkte sammeln mit der Fashion Card",
      "Punkte, Bonuspunkte, Punktestand, sammeln, wie viele Punkte pro Euro.",
      [
        "Für jeden bezahlten Euro oder Franken bekommst du einen Punkt auf deine Fashion Card. Die Punkte werden gutgeschrieben, sobald deine Bestellung bezahlt ist.",
        "Deinen Punktestand siehst du jederzeit in deinem Kundenkonto unter „Fashion Card“. Für Rücksendungen werden die Punkte wieder abgezogen.",
      ],
    ],
    fr: [
      "points-fashion-card",
      "Cumuler des points avec la Fashion Card",
      "Points, points de fidélité, solde de points, cumuler, combien de points par franc.",
      [
        "Pour chaque franc ou euro payé, vous recevez un point sur votre Fashion Card. Les points sont crédités dès que votre commande est payée.",
        "Votre solde de points est visible à tout moment dans votre compte client sous « Fashion Card ». En cas de retour, les points correspondants sont déduits.",
      ],
    ],
    en: [
      "fashion-card-points",
      "Collecting points with the Fashion Card",
      "Points, loyalty points, points balance, collect, how many points per euro.",
      [
        "For every euro or franc you pay you get one point on your Fashion Card. Points are credited as soon as your order is paid.",
        "You see your points balance at any time in your account under “Fashion Card”. Points for returned items are deducted again.",
      ],
    ],
  }),
  a("fashion-card", "vip", {
    de: [
      "vip-card",
      "VIP Card: Vorteile für Stammkunden",
      "VIP, VIP-Status, Stammkunde, Vorteile, 5000 Punkte.",
      [
        "Hast du insgesamt 5.000 Punkte gesammelt, wird deine Fashion Card automatisch zur VIP Card. Der Status bleibt, auch wenn du Punkte einlöst.",
        "VIP-Mitglieder bekommen Einladungen zu exklusiven Aktionen und Early Access im Sale.",
      ],
    ],
    fr: [
      "carte-vip",
      "VIP Card : avantages pour les clients fidèles",
      "VIP, statut VIP, client fidèle, avantages, 5000 points.",
      [
        "Dès que vous avez cumulé 5 000 points au total, votre Fashion Card devient automatiquement une VIP Card. Le statut reste, même si vous utilisez vos points.",
        "Les membres VIP reçoivent des invitations à des actions exclusives et un accès anticipé aux soldes.",
      ],
    ],
    en: [
      "vip-card",
      "VIP Card: benefits for regular customers",
      "VIP, VIP status, regular customer, benefits, 5000 points.",
      [
        "Once you have collected 5,000 points in total, your Fashion Card automatically becomes a VIP Card. The status stays even when you spend points.",
        "VIP members get invitations to exclusive promotions and early access to the sale.",
      ],
    ],
  }),
  a("fashion-card", "card-lost", {
    de: [
      "fashion-card-verloren",
      "Fashion Card verloren oder Punkte fehlen",
      "Karte verloren, Kartennummer vergessen, Punkte fehlen, nicht gutgeschrieben.",
      [
        "Deine Kartennummer steht immer in deinem Kundenkonto unter „Fashion Card“; an der Kasse in der Filiale reicht auch deine E-Mail-Adresse. Die Punkte sind an dein Konto gebunden, nicht an die Plastikkarte.",
        "Fehlen Punkte für eine bezahlte Bestellung, schreib uns mit Bestellnummer und Kartennummer; wir buchen sie nach.",
      ],
    ],
    fr: [
      "fashion-card-perdue",
      "Fashion Card perdue ou points manquants",
      "Carte perdue, numéro de carte oublié, points manquants, non crédités.",
      [
        "Votre numéro de carte figure toujours dans votre compte client sous « Fashion Card » ; en magasin, votre adresse e-mail suffit à la caisse. Les points sont liés à votre compte, pas à la carte en plastique.",
        "S’il manque des points pour une commande payée, écrivez-nous avec le numéro de commande et le numéro de carte ; nous les créditons.",
      ],
    ],
    en: [
      "fashion-card-lost",
      "Lost Fashion Card or missing points",
      "Card lost, forgot card number, points missing, not credited.",
      [
        "Your card number is always in your account under “Fashion Card”; at the till in a store your e-mail address is enough. Points belong to your account, not to the plastic card.",
        "If points are missing for a paid order, write to us with the order number and card number and we add them.",
      ],
    ],
  }),
  // --- account -------------------------------------------------------------------------------------------
  a("account", "create-account", {
    de: [
      "kundenkonto-anlegen",
      "Kundenkonto anlegen",
      "Registrieren, Konto erstellen, anmelden, Login, Vorteile des Kundenkontos.",
      [
        "Ein Kundenkonto legst du unter „Anmelden“ mit „Registrieren“ an: E-Mail-Adresse, Name und ein Passwort mit mindestens 8 Zeichen genügen.",
        "Im Konto siehst du deine Bestellungen, verwaltest Adressen, meldest Rücksendungen an und sammelst mit der Fashion Card Punkte.",
      ],
    ],
    fr: [
      "creer-un-compte",
      "Créer un compte client",
      "S’inscrire, créer un compte, se connecter, connexion, avantages du compte.",
      [
        "Créez un compte client sous « Se connecter » avec « S’inscrire » : une adresse e-mail, votre nom et un mot de passe d’au moins 8 caractères suffisent.",
        "Dans votre compte, vous voyez vos commandes, gérez vos adresses, déclarez vos retours et cumulez des points avec la Fashion Card.",
      ],
    ],
    en: [
      "create-an-account",
      "Creating an account",
      "Register, sign up, create account, sign in, login, account benefits.",
      [
        "Create an account under “Sign in” with “Register”: an e-mail address, your name and a password of at least 8 characters are enough.",
        "In your account you see your orders, manage addresses, register returns and collect points with the Fashion Card.",
      ],
    ],
  }),
  a("account", "forgot-password", {
    de: [
      "passwort-vergessen",
      "Passwort vergessen",
      "Passwort zurücksetzen, Kennwort vergessen, Anmeldung klappt nicht, Login Problem.",
      [
        "Klicke bei der Anmeldung auf „Passwort vergessen“ und gib deine E-Mail-Adresse ein. Du bekommst einen Link, mit dem du ein neues Passwort festlegst; er ist eine Stunde gültig.",
        "Kommt keine E-Mail, prüfe den Spam-Ordner und ob du mit dieser Adresse registriert bist.",
      ],
    ],
    fr: [
      "mot-de-passe-oublie",
      "Mot de passe oublié",
      "Réinitialiser le mot de passe, connexion impossible, problème de connexion.",
      [
        "Cliquez sur « Mot de passe oublié » lors de la connexion et saisissez votre adresse e-mail. Vous recevez un lien pour définir un nouveau mot de passe ; il est valable une heure.",
        "Si aucun e-mail n’arrive, vérifiez le dossier spam et que vous êtes inscrit avec cette adresse.",
      ],
    ],
    en: [
      "forgot-password",
      "Forgot your password",
      "Reset password, cannot sign in, login problem, password reset link.",
      [
        "Click “Forgot password” when signing in and enter your e-mail address. You get a link to set a new password; it is valid for one hour.",
        "If no e-mail arrives, check your spam folder and whether you registered with that address.",
      ],
    ],
  }),
  a("account", "personal-data", {
    de: [
      "daten-aendern",
      "Adresse und persönliche Daten ändern",
      "Adresse ändern, E-Mail-Adresse ändern, Name, Geburtsdatum, Profil, Adressbuch.",
      [
        "Name, Telefonnummer, Geburtsdatum und Passwort änderst du in deinem Kundenkonto unter „Persönliche Daten“. Dort verwaltest du auch deine Adressen und wählst eine Standardadresse.",
        "Eine neue Adresse gilt für künftige Bestellungen; bei einer bereits aufgegebenen Bestellung lässt sich die Lieferadresse nicht mehr ändern.",
      ],
    ],
    fr: [
      "modifier-mes-donnees",
      "Modifier mon adresse et mes données",
      "Changer d’adresse, modifier l’adresse e-mail, nom, date de naissance, profil, carnet d’adresses.",
      [
        "Modifiez votre nom, téléphone, date de naissance et mot de passe dans votre compte client sous « Données personnelles ». Vous y gérez aussi vos adresses et choisissez une adresse par défaut.",
        "Une nouvelle adresse vaut pour les commandes futures ; l’adresse de livraison d’une commande déjà passée ne peut plus être modifiée.",
      ],
    ],
    en: [
      "change-personal-details",
      "Changing your address and personal details",
      "Change address, change e-mail, name, date of birth, profile, address book.",
      [
        "Change your name, phone number, date of birth and password in your account under “Profile details”. You also manage your addresses there and choose a default address.",
        "A new address applies to future orders; the delivery address of an order already placed can no longer be changed.",
      ],
    ],
  }),
  a("account", "delete-account", {
    de: [
      "konto-loeschen",
      "Kundenkonto löschen und Daten",
      "Konto löschen, Account schließen, Daten löschen, Datenschutz, DSGVO.",
      [
        "Möchtest du dein Kundenkonto löschen, schreib uns über das Kontaktformular von der E-Mail-Adresse des Kontos. Wir löschen es innerhalb von 30 Tagen; Bestelldaten bewahren wir nur so lange auf, wie das Gesetz es verlangt.",
        "Mit dem Konto verfallen auch die Punkte deiner Fashion Card. Wie wir deine Daten verarbeiten, steht in der Datenschutzerklärung.",
      ],
    ],
    fr: [
      "supprimer-mon-compte",
      "Supprimer mon compte client",
      "Supprimer le compte, fermer le compte, effacer mes données, protection des données, RGPD.",
      [
        "Pour supprimer votre compte client, écrivez-nous via le formulaire de contact depuis l’adresse e-mail du compte. Nous le supprimons dans les 30 jours ; les données de commande ne sont conservées que le temps exigé par la loi.",
        "Les points de votre Fashion Card expirent avec le compte. Notre déclaration de protection des données explique comment nous traitons vos données.",
      ],
    ],
    en: [
      "delete-account",
      "Deleting your account",
      "Delete account, close account, erase my data, privacy, GDPR.",
      [
        "To delete your account, write to us through the contact form from the account’s e-mail address. We delete it within 30 days; order data is kept only as long as the law requires.",
        "Your Fashion Card points expire with the account. Our privacy policy explains how we process your data.",
      ],
    ],
  }),
  a("account", "newsletter", {
    de: [
      "newsletter",
      "Newsletter an- und abmelden",
      "Newsletter abonnieren, abbestellen, abmelden, keine Werbung mehr, E-Mails.",
      [
        "Den Newsletter abonnierst du in deinem Kundenkonto unter „Abonnements“. Du bekommst neue Kollektionen, Aktionen und Angebote per E-Mail.",
        "Abmelden geht jederzeit über den Link am Ende jedes Newsletters oder im Kundenkonto; die Abmeldung gilt sofort.",
      ],
    ],
    fr: [
      "newsletter",
      "S’inscrire ou se désinscrire de la newsletter",
      "Abonnement newsletter, se désabonner, ne plus recevoir d’e-mails publicitaires.",
      [
        "Abonnez-vous à la newsletter dans votre compte client sous « Abonnements ». Vous recevez les nouvelles collections, actions et offres par e-mail.",
        "Vous pouvez vous désabonner à tout moment avec le lien en bas de chaque newsletter ou dans votre compte ; la désinscription est immédiate.",
      ],
    ],
    en: [
      "newsletter",
      "Subscribing to and unsubscribing from the newsletter",
      "Newsletter subscription, unsubscribe, stop marketing e-mails.",
      [
        "Subscribe to the newsletter in your account under “Subscriptions”. You get new collections, promotions and offers by e-mail.",
        "You can unsubscribe at any time with the link at the end of every newsletter or in your account; it takes effect immediately.",
      ],
    ],
  }),
  // --- stores --------------------------------------------------------------------------------------------
  a("stores", "opening-hours", {
    de: [
      "filialen-oeffnungszeiten",
      "Filialen und Öffnungszeiten",
      "Filiale finden, Store Finder, Öffnungszeiten, Laden in meiner Nähe, Adresse.",
      [
        "Wir haben 18 Filialen: neun in Deutschland (u. a. Berlin, Hamburg, München, Köln, Frankfurt), vier in Österreich (Wien, Graz, Salzburg, Innsbruck) und fünf in der Schweiz (Zürich, Basel, Bern, Genf, Lausanne).",
        "Die deutschen Filialen haben Montag bis Samstag von 10 bis 20 Uhr geöffnet. Adressen, Telefonnummern und die genauen Öffnungszeiten jeder Filiale findest du im Store Finder.",
      ],
    ],
    fr: [
      "magasins-horaires",
      "Magasins et horaires d’ouverture",
      "Trouver un magasin, horaires d’ouverture, boutique près de chez moi, adresse.",
      [
        "Nous avons 18 magasins, dont cinq en Suisse : Zurich, Bâle, Berne, Genève (rue du Marché 10) et Lausanne (rue de Bourg 20).",
        "En Suisse, nos magasins sont ouverts du lundi au vendredi de 9 h à 19 h (jeudi jusqu’à 20 h) et le samedi de 9 h à 18 h. Adresses, téléphones et horaires de chaque magasin se trouvent dans la recherche de magasins.",
      ],
    ],
    en: [
      "stores-and-opening-hours",
      "Stores and opening hours",
      "Find a store, store finder, opening hours, shop near me, address.",
      [
        "We have 18 stores: nine in Germany (including Berlin, Hamburg, Munich, Cologne and Frankfurt), four in Austria (Vienna, Graz, Salzburg, Innsbruck) and five in Switzerland (Zurich, Basel, Bern, Geneva, Lausanne).",
        "German stores open Monday to Saturday from 10 am to 8 pm. Addresses, phone numbers and each store’s exact opening hours are in the store finder.",
      ],
    ],
  }),
  a("stores", "store-availability", {
    de: [
      "verfuegbarkeit-in-der-filiale",
      "Ist ein Artikel in der Filiale verfügbar?",
      "Verfügbarkeit in der Filiale, Bestand im Laden, vorrätig, reservieren.",
      [
        "Auf jeder Produktseite zeigt „In der Filiale verfügbar“ nach Wahl der Größe, welche Filialen den Artikel vorrätig haben, die nächste zuerst.",
        "Der Bestand wird laufend aktualisiert, kann sich aber schnell ändern; ruf im Zweifel kurz in der Filiale an. Eine Reservierung ist nicht möglich.",
      ],
    ],
    fr: [
      "disponibilite-en-magasin",
      "Un article est-il disponible en magasin ?",
      "Disponibilité en magasin, stock en boutique, en stock, réserver.",
      [
        "Sur chaque fiche produit, « Disponible en magasin » indique, une fois la taille choisie, quels magasins ont l’article en stock, le plus proche en premier.",
        "Le stock est mis à jour en continu mais peut changer vite ; en cas de doute, appelez le magasin. Une réservation n’est pas possible.",
      ],
    ],
    en: [
      "in-store-availability",
      "Is an item available in a store?",
      "In-store availability, stock in store, in stock, reserve.",
      [
        "On every product page, “Available in store” shows, once you choose a size, which stores have the item in stock, the nearest first.",
        "Stock is updated continuously but can change quickly; if in doubt, call the store. Items cannot be reserved.",
      ],
    ],
  }),
  // --- care ----------------------------------------------------------------------------------------------
  a("care", "care-symbols", {
    de: [
      "pflegesymbole",
      "Pflegesymbole und Waschhinweise",
      "Pflegehinweise, Waschsymbole, Etikett, Waschen bei 30 Grad, Trockner, Bügeln.",
      [
        "Die Pflegesymbole auf dem Etikett zeigen, wie du ein Kleidungsstück wäschst: der Bottich mit Zahl gibt die höchste Waschtemperatur an, ein Strich darunter bedeutet Schonwaschgang, eine Hand Handwäsche.",
        "Das Quadrat mit Kreis steht für den Trockner, das Bügeleisen mit Punkten für die Bügeltemperatur; ein durchgestrichenes Symbol heißt: bitte nicht. Die Pflegehinweise jedes Artikels stehen auch auf der Produktseite.",
      ],
    ],
    fr: [
      "symboles-d-entretien",
      "Symboles d’entretien et conseils de lavage",
      "Conseils d’entretien, symboles de lavage, étiquette, lavage à 30 degrés, sèche-linge, repassage.",
      [
        "Les symboles d’entretien de l’étiquette indiquent comment laver un vêtement : le baquet avec un chiffre donne la température maximale, un trait en dessous signifie programme délicat, une main lavage à la main.",
        "Le carré avec un cercle représente le sèche-linge, le fer avec des points la température de repassage ; un symbole barré signifie : à éviter. Les conseils d’entretien de chaque article figurent aussi sur la fiche produit.",
      ],
    ],
    en: [
      "care-symbols",
      "Care symbols and washing instructions",
      "Care instructions, washing symbols, label, wash at 30 degrees, tumble dryer, ironing.",
      [
        "The care symbols on the label show how to wash a garment: the tub with a number gives the highest washing temperature, a line beneath it means a gentle cycle, a hand means hand wash.",
        "The square with a circle stands for the tumble dryer, the iron with dots for the ironing temperature; a crossed-out symbol means: please don’t. Each item’s care instructions are also on its product page.",
      ],
    ],
  }),
  a("care", "wool-cashmere", {
    de: [
      "wolle-kaschmir-pflege",
      "Wolle und Kaschmir richtig pflegen",
      "Wolle waschen, Kaschmir, Pullover pflegen, Pilling, Knötchen, eingelaufen.",
      [
        "Wasche Wolle und Kaschmir selten, von Hand oder im Wollwaschgang bei höchstens 30 °C mit Wollwaschmittel. Nicht auswringen, sondern liegend auf einem Handtuch trocknen lassen.",
        "Kleine Knötchen (Pilling) sind bei Naturfasern normal; entferne sie vorsichtig mit einem Wollkamm. Gib Strick nicht in den Trockner, sonst läuft er ein.",
      ],
    ],
    fr: [
      "entretien-laine-cachemire",
      "Entretenir la laine et le cachemire",
      "Laver la laine, cachemire, entretien du pull, bouloches, a rétréci.",
      [
        "Lavez la laine et le cachemire rarement, à la main ou en programme laine à 30 °C maximum avec une lessive pour laine. Ne pas essorer, mais laisser sécher à plat sur une serviette.",
        "Les petites bouloches sont normales sur les fibres naturelles ; retirez-les délicatement avec un peigne à laine. Ne mettez pas la maille au sèche-linge, elle rétrécirait.",
      ],
    ],
    en: [
      "wool-and-cashmere-care",
      "Caring for wool and cashmere",
      "Washing wool, cashmere, jumper care, pilling, bobbles, shrunk.",
      [
        "Wash wool and cashmere rarely, by hand or on the wool cycle at 30 °C at most with a wool detergent. Do not wring; dry flat on a towel.",
        "Small bobbles (pilling) are normal on natural fibres; remove them gently with a wool comb. Never put knitwear in the tumble dryer or it shrinks.",
      ],
    ],
  }),
  a("care", "shoes-leather", {
    de: [
      "schuhe-leder-pflege",
      "Schuhe und Leder pflegen",
      "Lederpflege, Schuhe imprägnieren, Wildleder, Sneaker reinigen, nasse Schuhe.",
      [
        "Imprägniere neue Lederschuhe und Wildleder vor dem ersten Tragen mit einem Imprägnierspray. Glattleder pflegst du regelmäßig mit Schuhcreme, Wildleder mit einer Bürste.",
        "Nasse Schuhe mit Zeitungspapier ausstopfen und fern der Heizung trocknen. Sneaker aus Stoff kannst du meist im Schonwaschgang bei 30 °C waschen; Lederschuhe nie in die Waschmaschine geben.",
      ],
    ],
    fr: [
      "entretien-chaussures-cuir",
      "Entretenir les chaussures et le cuir",
      "Entretien du cuir, imperméabiliser les chaussures, daim, nettoyer les baskets, chaussures mouillées.",
      [
        "Imperméabilisez les chaussures neuves en cuir et en daim avant de les porter avec un spray imperméabilisant. Entretenez le cuir lisse avec du cirage, le daim avec une brosse.",
        "Bourrez les chaussures mouillées de papier journal et laissez-les sécher loin du radiateur. Les baskets en toile se lavent souvent en programme délicat à 30 °C ; ne mettez jamais de chaussures en cuir en machine.",
      ],
    ],
    en: [
      "shoe-and-leather-care",
      "Caring for shoes and leather",
      "Leather care, waterproofing shoes, suede, cleaning sneakers, wet shoes.",
      [
        "Waterproof new leather and suede shoes with a protective spray before wearing them. Care for smooth leather regularly with shoe polish, for suede with a brush.",
        "Stuff wet shoes with newspaper and dry them away from the radiator. Canvas sneakers can usually be washed on a gentle cycle at 30 °C; never put leather shoes in the washing machine.",
      ],
    ],
  }),
  // --- gift cards ----------------------------------------------------------------------------------------
  a("gift-cards", "buy", {
    de: [
      "geschenkkarte-kaufen",
      "Geschenkkarte kaufen",
      "Geschenkkarte, Geschenkgutschein, Gutschein verschenken, Wert, Geschenk.",
      [
        "Geschenkkarten bekommst du in jeder Filiale mit einem Wert von 10 bis 500 €, in der Schweiz in CHF.",
        "Eine Geschenkkarte gilt drei Jahre ab Kauf und kann online und in allen Filialen desselben Landes eingelöst werden.",
      ],
    ],
    fr: [
      "acheter-carte-cadeau",
      "Acheter une carte cadeau",
      "Carte cadeau, bon cadeau, offrir, valeur, cadeau.",
      [
        "Les cartes cadeaux s’achètent dans tous nos magasins, d’une valeur de 10 à 500 CHF en Suisse.",
        "Une carte cadeau est valable trois ans à partir de l’achat et s’utilise en ligne et dans tous les magasins du même pays.",
      ],
    ],
    en: [
      "buy-a-gift-card",
      "Buying a gift card",
      "Gift card, gift voucher, give a present, value, gift.",
      [
        "Gift cards are sold in every store with a value from €10 to €500, in Switzerland in CHF.",
        "A gift card is valid for three years from purchase and can be redeemed online and in all stores of the same country.",
      ],
    ],
  }),
  a("gift-cards", "redeem", {
    de: [
      "geschenkkarte-einloesen",
      "Geschenkkarte einlösen",
      "Geschenkkarte einlösen, Gutschein einlösen, Code eingeben, mit anderer Zahlungsart kombinieren.",
      [
        "Im Checkout wählst du „Geschenkkarte“ und gibst den Code ein. Deckt die Karte den Betrag nicht, zahlst du den Rest mit einer anderen Zahlungsart; du kannst sie mit jeder Zahlungsart kombinieren.",
        "Die Geschenkkarte muss in der Währung des Shops ausgestellt sein: Euro-Karten im deutschen und österreichischen Shop, CHF-Karten im Schweizer Shop. Eine Barauszahlung ist nicht möglich.",
      ],
    ],
    fr: [
      "utiliser-carte-cadeau",
      "Utiliser une carte cadeau",
      "Utiliser la carte cadeau, saisir le code, combiner avec un autre moyen de paiement.",
      [
        "Lors du paiement, choisissez « Carte cadeau » et saisissez le code. Si la carte ne couvre pas le montant, payez le reste avec un autre moyen de paiement ; elle se combine avec tous les moyens de paiement.",
        "La carte doit être émise dans la devise de la boutique : cartes en CHF dans la boutique suisse. Elle ne peut pas être échangée contre des espèces.",
      ],
    ],
    en: [
      "redeem-a-gift-card",
      "Redeeming a gift card",
      "Redeem gift card, enter the code, combine with another payment method.",
      [
        "At checkout choose “Gift card” and enter the code. If the card does not cover the amount, pay the rest with another payment method; it combines with every method.",
        "The card must be in the store’s currency: euro cards in the euro stores, CHF cards in the Swiss stores. It cannot be paid out in cash.",
      ],
    ],
  }),
  a("gift-cards", "balance", {
    de: [
      "geschenkkarte-guthaben",
      "Guthaben und Gültigkeit der Geschenkkarte",
      "Restguthaben, Guthaben abfragen, abgelaufen, Gültigkeit, verloren.",
      [
        "Das Restguthaben deiner Geschenkkarte siehst du, sobald du den Code im Checkout eingibst, oder an der Kasse jeder Filiale.",
        "Eine Geschenkkarte ist drei Jahre gültig; danach kann sie nicht mehr eingelöst werden. Für verlorene Karten können wir leider keinen Ersatz ausstellen.",
      ],
    ],
    fr: [
      "solde-carte-cadeau",
      "Solde et validité de la carte cadeau",
      "Solde restant, consulter le solde, expirée, validité, perdue.",
      [
        "Le solde de votre carte cadeau s’affiche dès que vous saisissez le code lors du paiement, ou à la caisse de chaque magasin.",
        "Une carte cadeau est valable trois ans ; ensuite elle ne peut plus être utilisée. Une carte perdue ne peut malheureusement pas être remplacée.",
      ],
    ],
    en: [
      "gift-card-balance",
      "Gift card balance and validity",
      "Remaining balance, check balance, expired, validity, lost card.",
      [
        "Your gift card’s remaining balance shows as soon as you enter the code at checkout, or at the till of any store.",
        "A gift card is valid for three years; after that it can no longer be redeemed. Unfortunately we cannot replace lost cards.",
      ],
    ],
  }),
];

/** The help articles as content entries (service pages) of every language. */
export function helpArticleEntries(): ContentEntryInput[] {
  const entries: ContentEntryInput[] = [];
  for (const article of HELP_ARTICLES) {
    for (const language of ["de", "fr", "en"] as const) {
      const [slug, title, summary, paragraphs, faq] = article.versions[language];
      const blocks: ContentBlockInput[] = [
        { type: "text", html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("") },
      ];
      if (faq && faq.length > 0) {
        blocks.push({
          type: "accordion",
          items: faq.map(([q, answer]) => ({ title: q, html: `<p>${escapeHtml(answer)}</p>` })),
        });
      }
      entries.push({
        language,
        slug,
        pageType: "service",
        title,
        seoTitle: title,
        seoDescription: summary,
        draftBlocks: blocks,
        publishedBlocks: blocks,
        pageKey: `help_${article.category}_${article.name}`,
      });
    }
  }
  return entries;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
