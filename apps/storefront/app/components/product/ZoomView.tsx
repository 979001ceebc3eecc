import { type PointerEvent, useEffect, useRef, useState } from "react";
import { useT } from "../../i18n/i18n.tsx";
import { CloseIcon } from "../icons/ui.tsx";
import { type GalleryImage, IMAGE_HEIGHT, IMAGE_WIDTH } from "./gallery-image.ts";

/** How far the zoom view magnifies. */
const ZOOM_SCALE = 2.2;

/** The zoom view of the gallery: one picture at full size, magnified where the shopper points. */
export default function ZoomView({
  images,
  index,
  alt,
  onIndex,
  onClose,
}: {
  images: GalleryImage[];
  index: number;
  alt: (image: GalleryImage) => string;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [magnified, setMagnified] = useState(false);
  const [origin, setOrigin] = useState("50% 50%");
  const image = images[index] as GalleryImage;

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);

  function follow(event: PointerEvent<HTMLElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    setOrigin(`${x.toFixed(1)}% ${y.toFixed(1)}%`);
  }

  const step = (delta: number) => {
    setMagnified(false);
    onIndex((index + delta + images.length) % images.length);
  };

  return (
    <dialog
      ref={dialog}
      className="zoom"
      aria-label={t("product.zoom_label")}
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") step(1);
        if (event.key === "ArrowLeft") step(-1);
      }}
    >
      <button type="button" className="zoom__close" onClick={() => dialog.current?.close()}>
        <CloseIcon size={24} />
        <span className="visually-hidden">{t("product.zoom_close")}</span>
      </button>
      <button
        type="button"
        className={`zoom__stage${magnified ? " zoom__stage--magnified" : ""}`}
        aria-pressed={magnified}
        aria-label={t("product.zoom_toggle")}
        onClick={(event) => {
          follow(event as unknown as PointerEvent<HTMLElement>);
          setMagnified((m) => !m);
        }}
        onPointerMove={magnified ? follow : undefined}
      >
        <img
          src={image.url}
          alt={alt(image)}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          style={{ transform: magnified ? `scale(${ZOOM_SCALE})` : undefined, transformOrigin: origin }}
        />
      </button>
      {images.length > 1 ? (
        <div className="zoom__nav">
          <button type="button" className="zoom__step" onClick={() => step(-1)}>
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">{t("product.previous_image")}</span>
          </button>
          <span className="zoom__count">{t("product.image_position", { index: index + 1, count: images.length })}</span>
          <button type="button" className="zoom__step" onClick={() => step(1)}>
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">{t("product.next_image")}</span>
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
