import type { ResolvedGrid, ResolvedGridItem } from "../../content/resolved.ts";
import { Accordion } from "./Accordion.tsx";
import { CallToAction } from "./CallToAction.tsx";
import { ImageBlock } from "./ImageBlock.tsx";
import { ProductBlock } from "./ProductBlock.tsx";
import { TextBlock } from "./TextBlock.tsx";
import { Video } from "./Video.tsx";

/** Blocks side by side: one column on phones, two on tablets, the block's columns on desktops. */
export function Grid({ block }: { block: ResolvedGrid }) {
  return (
    <div className="grid-block">
      {block.title ? <h2 className="block-title">{block.title}</h2> : null}
      <div className={`grid-block__items grid-block__items--${block.columns}`}>
        {block.items.map((item) => (
          <div key={item.id} className={`grid-block__item grid-block__item--${item.type.replaceAll("_", "-")}`}>
            <GridItem item={item} />
          </div>
        ))}
      </div>
    </div>
  );
}

function GridItem({ item }: { item: ResolvedGridItem }) {
  switch (item.type) {
    case "text":
      return <TextBlock block={item} />;
    case "image":
      return <ImageBlock block={item} />;
    case "call_to_action":
      return <CallToAction block={item} headingLevel={3} />;
    case "product":
      return <ProductBlock block={item} headingLevel={3} />;
    case "video":
      return <Video block={item} headingLevel={3} />;
    case "accordion":
      return <Accordion block={item} headingLevel={3} />;
  }
}
