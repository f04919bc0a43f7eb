import type { ReactNode } from 'react';

/**
 * The hidden, screen-reader table every chart carries with the figures it draws (the charts
 * themselves are pictures). `rowHeader` makes each row's first cell its header.
 */
export function ChartDataTable({
  caption,
  headers,
  rows,
  rowHeader = false,
}: {
  caption: string;
  headers: readonly string[];
  rows: ReadonlyArray<{ key: string; cells: readonly ReactNode[] }>;
  rowHeader?: boolean;
}) {
  return (
    <table className="visually-hidden">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, index) =>
              rowHeader && index === 0 ? (
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
  );
}
