import type { ResolvedBanner } from "../../content/resolved.ts";
import { BlockLink } from "./BlockLink.tsx";
import { ContentImage } from "./ContentImage.tsx";

/** A large picture with a headline and a call to action: text beside the picture on phones, over it on wider screens. */
export function Banner({ block }: { block: ResolvedBanner }) {
  return (
    <div className={`banner banner--text-${block.textColor}`}>
      <div className="banner__media">
        <ContentImage image={block.image} className="banner__image" eager={block.eager} />
      </div>
      <div className="banner__content">
        {block.eyebrow ? <p className="eyebrow">{block.eyebrow}</p> : null}
        <h2 className="banner__title">{block.title}</h2>
        {block.text ? <p className="banner__text">{block.text}</p> : null}
        {block.link ? (
          <BlockLink href={block.link.href} className="content-button content-button--primary banner__link">
            {block.link.label}
          </BlockLink>
        ) : null}
      </div>
    </div>
  );
}
