import type { ResolvedSizeChart } from "../../content/resolved.ts";

/** A size table; on a narrow screen it scrolls sideways on its own (focusable, so keyboards can scroll it). */
export function SizeChart({ block }: { block: ResolvedSizeChart }) {
  const captionId = `${block.id}-caption`;
  return (
    <div className="size-chart">
      <h2 className="block-title" id={captionId}>
        {block.title}
      </h2>
      {/* The table scrolls sideways on narrow screens: a named region keyboards can reach and scroll. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: see above */}
      <section className="size-chart__scroll" aria-labelledby={captionId} tabIndex={0}>
        <table className="size-chart__table">
          {block.caption ? <caption>{block.caption}</caption> : null}
          <thead>
            <tr>
              {block.headers.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row) => (
              <tr key={row.join("|")}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={index}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {block.note ? <p className="size-chart__note">{block.note}</p> : null}
    </div>
  );
}
