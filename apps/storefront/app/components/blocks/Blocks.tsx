import type { ResolvedBlock } from "../../content/resolved.ts";
import { Accordion } from "./Accordion.tsx";
import { Banner } from "./Banner.tsx";
import { CallToAction } from "./CallToAction.tsx";
import { CategoryTeaser } from "./CategoryTeaser.tsx";
import { FooterColumns } from "./FooterColumns.tsx";
import { Grid } from "./Grid.tsx";
import { ImageBlock } from "./ImageBlock.tsx";
import { ImageSlider } from "./ImageSlider.tsx";
import { ProductBlock } from "./ProductBlock.tsx";
import { ProductSlider } from "./ProductSlider.tsx";
import { ShippingRates } from "./ShippingRates.tsx";
import { SizeChart } from "./SizeChart.tsx";
import { Story } from "./Story.tsx";
import { TextBlock } from "./TextBlock.tsx";
import { Video } from "./Video.tsx";
import "../../styles/content.css";

/** The blocks of a content page, in order; each in a section the page's CSS spaces and sizes by type. */
export function Blocks({ blocks }: { blocks: readonly ResolvedBlock[] }) {
  return (
    <>
      {blocks.map((block) => (
        <section key={block.id} className={`block block--${block.type.replaceAll("_", "-")}`} data-block={block.type}>
          <Block block={block} />
        </section>
      ))}
    </>
  );
}

function Block({ block }: { block: ResolvedBlock }) {
  switch (block.type) {
    case "text":
      return <TextBlock block={block} />;
    case "accordion":
      return <Accordion block={block} />;
    case "banner":
      return <Banner block={block} />;
    case "call_to_action":
      return <CallToAction block={block} />;
    case "image":
      return <ImageBlock block={block} />;
    case "image_slider":
      return <ImageSlider block={block} />;
    case "product":
      return <ProductBlock block={block} />;
    case "product_slider":
      return <ProductSlider block={block} />;
    case "grid":
      return <Grid block={block} />;
    case "video":
      return <Video block={block} />;
    case "size_chart":
      return <SizeChart block={block} />;
    case "shipping_rates":
      return <ShippingRates block={block} />;
    case "story":
      return <Story block={block} />;
    case "footer_columns":
      return <FooterColumns block={block} />;
    case "category_teaser":
      return <CategoryTeaser block={block} />;
  }
}
