/** A product picture in the gallery and the zoom view. */
export interface GalleryImage {
  assetName: string;
  url: string;
  /** The merchant's alt text in the store's language (uploaded pictures); else the page words one. */
  alt?: string;
}

/** Image size of the catalogue's pictures (3:4), so the page does not jump while they load. */
export const IMAGE_WIDTH = 600;
export const IMAGE_HEIGHT = 800;

/** How wide the gallery shows a picture: the whole width on phones, half of it from tablets up. */
export const GALLERY_SIZES = "(min-width: 768px) 50vw, 100vw";
