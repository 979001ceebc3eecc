import type { ResolvedStory } from "../../content/resolved.ts";
import { BlockLink } from "./BlockLink.tsx";
import { ContentImage } from "./ContentImage.tsx";

/** Picture and text side by side (stacked on phones): a brand story, an editorial. */
export function Story({ block }: { block: ResolvedStory }) {
  return (
    <div className={`story story--image-${block.imagePosition}`}>
      <div className="story__media">
        <ContentImage image={block.image} className="story__image" />
      </div>
      <div className="story__content">
        {block.eyebrow ? <p className="eyebrow">{block.eyebrow}</p> : null}
        <h2 className="story__title">{block.title}</h2>
        {block.paragraphs.map((paragraph) => (
          <p key={paragraph} className="story__text">
            {paragraph}
          </p>
        ))}
        {block.link ? (
          <BlockLink href={block.link.href} className="content-button content-button--secondary">
            {block.link.label}
          </BlockLink>
        ) : null}
      </div>
    </div>
  );
}
