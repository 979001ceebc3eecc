import type { ResolvedProduct } from "../../content/resolved.ts";
import { ProductTile } from "../ProductTile.tsx";

/** One product tile, with an optional line above it ("piece of the week") and a short text. */
export function ProductBlock({ block, headingLevel = 2 }: { block: ResolvedProduct; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="product-block">
      {block.title ? <Heading className="block-title">{block.title}</Heading> : null}
      {block.text ? <p className="product-block__text">{block.text}</p> : null}
      <div className="product-block__tile">
        <ProductTile
          product={block.product}
          sizes="(min-width: 1024px) 25vw, (min-width: 768px) 40vw, 80vw"
          headingLevel={headingLevel === 2 ? 3 : 4}
        />
      </div>
    </div>
  );
}
