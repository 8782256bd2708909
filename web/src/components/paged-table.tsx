import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export interface Column<Row> {
  label: string;
  value: (row: Row) => string | number;
  /** Right-aligned, for numbers. */
  numeric?: boolean;
  /** Rendered instead of `value` in the table (the CSV keeps `value`). */
  render?: (row: Row) => ComponentChildren;
}

interface PagedTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  pageSize?: number;
  /** File name of the CSV download; no download button without it. */
  csvName?: string;
  empty?: string;
}

function csvField(value: string | number): string {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function downloadCsv<Row>(name: string, columns: Column<Row>[], rows: Row[]): void {
  const lines = [columns.map((column) => csvField(column.label)), ...rows.map((row) => columns.map((column) => csvField(column.value(row))))];
  const url = URL.createObjectURL(new Blob([lines.map((line) => line.join(',')).join('\n') + '\n'], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A captioned table with previous/next pages; it scrolls sideways on narrow screens and can be scrolled with the keyboard. */
export function PagedTable<Row>({ caption, columns, rows, rowKey, pageSize = 10, csvName, empty = 'Nothing yet.' }: PagedTableProps<Row>) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  useEffect(() => setPage((current) => Math.min(current, pages - 1)), [pages]);
  const visible = rows.slice(page * pageSize, (page + 1) * pageSize);
  return (
    <div class="table-block">
      <div class="table-scroll" role="region" aria-label={caption} tabIndex={0}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th scope="col" class={column.numeric ? 'numeric' : undefined} key={column.label}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {visible.length === 0 ? (
              <tr>
                <td colSpan={columns.length}>{empty}</td>
              </tr>
            ) : (
              visible.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td class={column.numeric ? 'numeric' : undefined} key={column.label}>
                      {column.render ? column.render(row) : column.value(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div class="table-controls">
        {pages > 1 && (
          <>
            <button type="button" onClick={() => setPage(page - 1)} disabled={page === 0} aria-label={`Previous page of ${caption}`}>
              Previous
            </button>
            <span aria-live="polite">
              Page {page + 1} of {pages}
            </span>
            <button type="button" onClick={() => setPage(page + 1)} disabled={page >= pages - 1} aria-label={`Next page of ${caption}`}>
              Next
            </button>
          </>
        )}
        {csvName && rows.length > 0 && (
          <button type="button" onClick={() => downloadCsv(csvName, columns, rows)}>
            Download CSV
          </button>
        )}
      </div>
    </div>
  );
}
