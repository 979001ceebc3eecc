import type { ResponsiveImage } from "../../content/images.ts";

/**
 * A content picture with its responsive sources. Lazy unless `eager` (the first banner: the page's largest
 * paint, fetched with high priority).
 */
export function ContentImage({
  image,
  className,
  eager = false,
}: {
  image: ResponsiveImage;
  className?: string;
  eager?: boolean;
}) {
  const img = (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? image.sizes : undefined}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? "eager" : "lazy"}
      decoding={eager ? undefined : "async"}
      fetchPriority={eager ? "high" : undefined}
    />
  );
  if (!image.wide) return img;
  return (
    <picture>
      <source
        media={image.wide.media}
        srcSet={image.wide.srcSet ?? image.wide.src}
        sizes={image.wide.srcSet ? image.sizes : undefined}
        width={image.wide.width}
        height={image.wide.height}
      />
      {img}
    </picture>
  );
}
