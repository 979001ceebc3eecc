import type { ResolvedFooterColumns } from "../../content/resolved.ts";
import { BlockLink } from "./BlockLink.tsx";

/** Columns of links with a heading each (a sitemap-like overview, a help page). */
export function FooterColumns({ block }: { block: ResolvedFooterColumns }) {
  return (
    <div className="footer-columns">
      {block.columns.map((column, index) => {
        const headingId = `${block.id}-${index}`;
        return (
          <nav key={column.title} className="footer-columns__column" aria-labelledby={headingId}>
            <h2 className="footer-columns__title" id={headingId}>
              {column.title}
            </h2>
            <ul className="footer-columns__links">
              {column.links.map((link) => (
                <li key={link.href}>
                  <BlockLink href={link.href}>{link.label}</BlockLink>
                </li>
              ))}
            </ul>
          </nav>
        );
      })}
    </div>
  );
}
