import type { ResolvedProductSlider } from "../../content/resolved.ts";
import { ProductTile } from "../ProductTile.tsx";
import { BlockLink } from "./BlockLink.tsx";
import { Slider } from "./Slider.tsx";

const TILE_SIZES = "(min-width: 1440px) 340px, (min-width: 1024px) 24vw, (min-width: 768px) 31vw, 44vw";

export function ProductSlider({ block }: { block: ResolvedProductSlider }) {
  return (
    <Slider
      variant="products"
      label={block.title}
      heading={
        <div className="slider__heading">
          <h2 className="block-title">{block.title}</h2>
          {block.link ? (
            <BlockLink href={block.link.href} className="text-link">
              {block.link.label}
            </BlockLink>
          ) : null}
        </div>
      }
      items={block.products.map((product) => ({
        key: product.id,
        content: <ProductTile product={product} sizes={TILE_SIZES} />,
      }))}
    />
  );
}
