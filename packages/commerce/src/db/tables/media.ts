/** Uploaded pictures (migration 0023_media; packages/commerce/src/media). */
export interface MediaAssetTable {
  /** `{content hash}-{width}x{height}`: the folder of its AVIF and WebP renditions in the media store. */
  key: string;
  /** Size of the picture as shown (after EXIF rotation), in pixels. */
  width: number;
  height: number;
  /** Size of the uploaded file. */
  bytes: number;
  /** The uploaded file's type: `jpeg`, `png`, `webp` or `avif`. */
  source_type: string;
  created_at: string;
}

/** Alt text of a product's picture per language (the picture named by its catalogue path, `media/{key}`). */
export interface MediaAltTable {
  product_id: number;
  path: string;
  language: string;
  alt: string;
}

export interface MediaTables {
  media_asset: MediaAssetTable;
  media_alt: MediaAltTable;
}
