import type { ResolvedCallToAction } from "../../content/resolved.ts";
import { BlockLink } from "./BlockLink.tsx";

export function CallToAction({ block, headingLevel = 2 }: { block: ResolvedCallToAction; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const inverted = block.style === "dark";
  return (
    <div className={`cta cta--${block.style}`}>
      <div className="cta__text">
        <Heading className="cta__title">{block.title}</Heading>
        {block.text ? <p className="cta__body">{block.text}</p> : null}
      </div>
      <div className="cta__actions">
        <BlockLink
          href={block.link.href}
          className={`content-button ${inverted ? "content-button--inverted" : "content-button--primary"}`}
        >
          {block.link.label}
        </BlockLink>
        {block.secondaryLink ? (
          <BlockLink
            href={block.secondaryLink.href}
            className={`content-button ${inverted ? "content-button--ghost-inverted" : "content-button--secondary"}`}
          >
            {block.secondaryLink.label}
          </BlockLink>
        ) : null}
      </div>
    </div>
  );
}
