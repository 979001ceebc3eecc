import type { ImgHTMLAttributes } from "react";
import type { ImageSource } from "../content/images.ts";

/**
 * An `<img>`, wrapped in a `<picture>` with a `<source>` per better format when the picture has them (uploaded
 * pictures: AVIF, with the `<img>` on WebP). The `<picture>` lays out as if it were not there, so the `<img>`'s
 * styles (size, object-fit, position) hold either way.
 */
export function Picture({ sources, ...img }: ImgHTMLAttributes<HTMLImageElement> & { sources?: ImageSource[] }) {
  // biome-ignore lint/a11y/useAltText: the caller's `alt` is in the spread.
  if (!sources || sources.length === 0) return <img {...img} />;
  return (
    <picture className="picture">
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={img.sizes} />
      ))}
      {/* biome-ignore lint/a11y/useAltText: the caller's `alt` is in the spread. */}
      <img {...img} />
    </picture>
  );
}
