import type { ResolvedImage } from "../../content/resolved.ts";
import { BlockLink } from "./BlockLink.tsx";
import { ContentImage } from "./ContentImage.tsx";

export function ImageBlock({ block }: { block: ResolvedImage }) {
  const picture = <ContentImage image={block.image} className="content-image__img" />;
  return (
    <figure className={`content-image aspect-${block.aspectRatio.replace(":", "-")}`}>
      {block.href ? (
        <BlockLink href={block.href} className="content-image__link">
          {picture}
        </BlockLink>
      ) : (
        picture
      )}
      {block.caption ? <figcaption className="content-image__caption">{block.caption}</figcaption> : null}
    </figure>
  );
}
