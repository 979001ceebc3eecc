import type { ResolvedVideo } from "../../content/resolved.ts";
import { useT } from "../../i18n/i18n.tsx";

/** A film with the browser's own controls; nothing loads before the shopper presses play. */
export function Video({ block, headingLevel = 2 }: { block: ResolvedVideo; headingLevel?: 2 | 3 }) {
  const t = useT();
  const Heading = `h${headingLevel}` as const;
  return (
    <figure className="content-video">
      {block.title ? <Heading className="block-title">{block.title}</Heading> : null}
      {/* biome-ignore lint/a11y/useMediaCaption: captions are optional in the block; the track is added when given */}
      <video
        className={`content-video__player aspect-${block.aspectRatio.replace(":", "-")}`}
        controls
        preload="none"
        playsInline
        poster={block.poster?.src}
        aria-label={block.title ?? block.caption}
      >
        {block.sources.map((source) => (
          <source key={source.src} src={source.src} type={source.mimeType} />
        ))}
        {block.captions ? (
          <track
            kind="captions"
            src={block.captions.src}
            srcLang={block.captions.language}
            label={block.captions.label}
          />
        ) : null}
        {t("content.video_unsupported")}
      </video>
      {block.caption ? <figcaption className="content-video__caption">{block.caption}</figcaption> : null}
    </figure>
  );
}
