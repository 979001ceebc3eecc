import type { ResolvedText } from "../../content/resolved.ts";
import { RichText } from "./RichText.tsx";

export function TextBlock({ block }: { block: ResolvedText }) {
  return <RichText nodes={block.nodes} className="rich-text block-text" />;
}
