import { lazy, Suspense, useRef, useState } from "react";
import { uploadedCandidate, uploadedThumbnail } from "../../content/images.ts";
import { useT } from "../../i18n/i18n.tsx";
import { Picture } from "../Picture.tsx";
import { GALLERY_SIZES, type GalleryImage, IMAGE_HEIGHT, IMAGE_WIDTH } from "./gallery-image.ts";

// The zoom view loads when a shopper first opens it: most never do, so it stays out of the page's first load.
const ZoomView = lazy(() => import("./ZoomView.tsx"));

/**
 * The product's pictures (front, back, detail): a strip that snaps and swipes (plain CSS scrolling, so it works
 * without JavaScript), thumbnails that are links to each picture, and a zoom view. Without JavaScript a picture
 * opens on its own at full size.
 */
export function ProductGallery({ images, name }: { images: GalleryImage[]; name: string }) {
  const t = useT();
  const track = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const [zoomed, setZoomed] = useState<number | null>(null);

  const alt = (image: GalleryImage) => {
    if (image.alt) return image.alt;
    const key = `product.image_alt_${image.assetName}`;
    return t(t.has(key) ? key : "product.image_alt_front", { name });
  };

  function show(index: number) {
    const el = track.current;
    if (!el) return;
    el.scrollTo({ left: index * el.clientWidth, behavior: "smooth" });
    setActive(index);
  }

  function onScroll() {
    const el = track.current;
    if (el && el.clientWidth > 0) setActive(Math.round(el.scrollLeft / el.clientWidth));
  }

  return (
    <section className="gallery" aria-label={t("product.gallery_label")}>
      <ul className="gallery__track" ref={track} onScroll={onScroll}>
        {images.map((image, i) => {
          const uploaded = uploadedCandidate(image.url);
          return (
            <li key={image.assetName} id={`image-${image.assetName}`} className="gallery__slide">
              <a
                href={image.url}
                className="gallery__zoom-link"
                aria-label={t("product.zoom_image", { index: i + 1 })}
                onClick={(event) => {
                  event.preventDefault();
                  setZoomed(i);
                }}
              >
                <Picture
                  src={uploaded?.src ?? image.url}
                  srcSet={uploaded?.srcSet}
                  sizes={uploaded ? GALLERY_SIZES : undefined}
                  sources={uploaded?.sources}
                  alt={alt(image)}
                  width={uploaded?.width ?? IMAGE_WIDTH}
                  height={uploaded?.height ?? IMAGE_HEIGHT}
                  loading={i === 0 ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : undefined}
                  decoding="async"
                />
              </a>
            </li>
          );
        })}
      </ul>
      {images.length > 1 ? (
        <ol className="gallery__thumbs">
          {images.map((image, i) => (
            <li key={image.assetName}>
              <a
                href={`#image-${image.assetName}`}
                className="gallery__thumb"
                aria-label={t("product.show_image", { index: i + 1, count: images.length })}
                aria-current={i === active ? "true" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  show(i);
                }}
              >
                <img
                  src={uploadedThumbnail(image.url) ?? image.url}
                  alt=""
                  width={IMAGE_WIDTH / 8}
                  height={IMAGE_HEIGHT / 8}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ol>
      ) : null}
      {zoomed !== null ? (
        <Suspense fallback={null}>
          <ZoomView
            images={images}
            index={zoomed}
            alt={alt}
            onIndex={(i) => {
              setZoomed(i);
              show(i);
            }}
            onClose={() => setZoomed(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
