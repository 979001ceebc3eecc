import type { ResolvedCategoryTeaser } from "../../content/resolved.ts";
import { Link } from "../Link.tsx";
import { ContentImage } from "./ContentImage.tsx";

/** Category tiles: picture and name, two per row on phones, up to four on desktops. */
export function CategoryTeaser({ block }: { block: ResolvedCategoryTeaser }) {
  return (
    <div className="category-teaser">
      {block.title ? <h2 className="block-title">{block.title}</h2> : null}
      <ul className={`category-teaser__list category-teaser__list--${Math.min(block.items.length, 4)}`}>
        {block.items.map((item) => (
          <li key={item.href} className="category-teaser__item">
            <Link to={item.href} className="category-teaser__link">
              {item.image ? (
                <span className="category-teaser__media">
                  <ContentImage image={item.image} className="category-teaser__image" />
                </span>
              ) : null}
              <span className="category-teaser__name">{item.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
