import type { SizeChartTable } from "../../lib/size-chart.ts";

/** A size chart (built on the server in the store's language), with the product's own sizes highlighted. */
export function SizeChart({ table }: { table: SizeChartTable }) {
  return (
    <table className="size-chart">
      <caption className="visually-hidden">{table.caption}</caption>
      <thead>
        <tr>
          {table.headings.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <tr
            key={row.cells[0]}
            className={row.offered ? "size-chart__row size-chart__row--offered" : "size-chart__row"}
          >
            {row.cells.map((cell, i) =>
              i === 0 ? (
                <th key="size" scope="row">
                  {cell}
                </th>
              ) : (
                <td key={i}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
