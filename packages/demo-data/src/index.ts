export * from "./categories.ts";
export * from "./content.ts";
export * from "./generate.ts";
export * from "./gift-cards.ts";
export * from "./help-articles.ts";
export * from "./images.ts";
export * from "./random.ts";
export * from "./stores.ts";
