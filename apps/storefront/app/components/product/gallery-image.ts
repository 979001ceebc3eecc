/** A product picture in the gallery and the zoom view. */
export interface GalleryImage {
  assetName: string;
  url: string;
}

/** Image size of the catalogue's pictures (3:4), so the page does not jump while they load. */
export const IMAGE_WIDTH = 600;
export const IMAGE_HEIGHT = 800;
