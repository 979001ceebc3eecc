import type { ResolvedImageSlider } from "../../content/resolved.ts";
import { BlockLink } from "./BlockLink.tsx";
import { ContentImage } from "./ContentImage.tsx";
import { Slider } from "./Slider.tsx";

type Slide = ResolvedImageSlider["slides"][number];

export function ImageSlider({ block }: { block: ResolvedImageSlider }) {
  const label = block.title ?? block.slides[0]?.image.alt ?? "";
  const aspect = block.aspectRatio.replace(":", "-");
  return (
    <Slider
      variant="images"
      label={label}
      heading={block.title ? <h2 className="block-title">{block.title}</h2> : undefined}
      items={block.slides.map((slide, index) => ({
        key: index,
        content: <ImageSlide key={index} slide={slide} aspect={aspect} />,
      }))}
    />
  );
}

function ImageSlide({ slide, aspect }: { slide: Slide; aspect: string }) {
  const picture = <ContentImage image={slide.image} className="image-slide__img" />;
  return (
    <figure className={`image-slide aspect-${aspect}`}>
      {slide.href ? <BlockLink href={slide.href}>{picture}</BlockLink> : picture}
      {slide.caption ? <figcaption className="image-slide__caption">{slide.caption}</figcaption> : null}
    </figure>
  );
}
