import type { ResolvedAccordion } from "../../content/resolved.ts";
import { RichText } from "./RichText.tsx";

/** Questions and answers as native disclosure widgets: keyboard and screen-reader friendly, no script needed. */
export function Accordion({ block, headingLevel = 2 }: { block: ResolvedAccordion; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="accordion">
      {block.title ? <Heading className="block-title">{block.title}</Heading> : null}
      {block.items.map((item, index) => (
        <details key={index} className="accordion__item">
          <summary className="accordion__summary">{item.title}</summary>
          <RichText nodes={item.nodes} className="rich-text accordion__body" />
        </details>
      ))}
    </div>
  );
}
