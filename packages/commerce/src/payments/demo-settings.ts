/**
 * The demo shop's legal name and bank accounts: made up, for a shop started with the demo catalogue
 * (`DEMO_PRODUCTS`, config.ts fills them into the settings the operator left unset) and for test harnesses. They
 * are never defaults: a shop without demo data offers invoice and prepayment only once its own account is set.
 */
export const DEMO_PAYMENT_SETTINGS = {
  SHOP_LEGAL_NAME: "Vitrine GmbH",
  BANK_ACCOUNT_EUR: "|Commerzbank Köln|DE89 3704 0044 0532 0130 00|COBADEFFXXX",
  BANK_ACCOUNT_CHF: "Vitrine Schweiz AG|PostFinance|CH93 0076 2011 6238 5295 7|POFICHBEXXX",
} as const;
