/** Staging tables of the streaming catalogue import (migration 0020_catalog_import; catalog/import.ts). */
export interface CatalogImportRunTable {
  id: string;
  started_at: string;
}

/** One valid line of an import file. */
export interface CatalogImportRecordTable {
  run_id: string;
  line: number;
  /** `category` or `product`. */
  kind: string;
  record_id: number;
  /** The category's key or the product's reference key (unique in the shop). */
  record_key: string;
  /** The validated record as JSON. */
  body: string;
}

export interface CatalogImportVariantTable {
  run_id: string;
  line: number;
  /** The variant's index in its product's `variants`. */
  position: number;
  product_id: number;
  variant_id: number;
  /** The size, lower-cased: a product must not have one twice. */
  size_key: string;
  quantity: number;
  version: number | null;
}

/** A category a line refers to: a product's `categoryIds.N` or a category's `parentId`. */
export interface CatalogImportReferenceTable {
  run_id: string;
  line: number;
  field: string;
  category_id: number;
}

/** A vocabulary value a product line uses (`colorId`, `material.1`, an attribute key): checked against the shop's. */
export interface CatalogImportVocabularyTable {
  run_id: string;
  line: number;
  field: string;
  /** A vocabulary kind (`colour`, `productType`, …) or `attribute`. */
  kind: string;
  value: string;
}

/** The catalogue's vocabulary (migration 0016_vocabulary; catalog/vocabulary-store.ts). */
export interface VocabularyValueTable {
  kind: string;
  id: string;
  label_de: string | null;
  label_fr: string | null;
  label_en: string | null;
  hex: string | null;
  size_system: string | null;
  position: number;
}

export interface VocabularyAttributeTable {
  key: string;
  value_type: string;
  facetable: number;
  searchable: number;
  label_de: string | null;
  label_fr: string | null;
  label_en: string | null;
  position: number;
}

export interface VocabularyAttributeValueTable {
  attribute_key: string;
  value: string;
  label_de: string | null;
  label_fr: string | null;
  label_en: string | null;
}

export interface CatalogImportTables {
  catalog_import_vocabulary: CatalogImportVocabularyTable;
  vocabulary_value: VocabularyValueTable;
  vocabulary_attribute: VocabularyAttributeTable;
  vocabulary_attribute_value: VocabularyAttributeValueTable;
  catalog_import_run: CatalogImportRunTable;
  catalog_import_record: CatalogImportRecordTable;
  catalog_import_variant: CatalogImportVariantTable;
  catalog_import_reference: CatalogImportReferenceTable;
}
