/** A CSV field: quoted, quotes doubled, and a leading formula character neutralised for spreadsheets. */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** A CSV document (RFC 4180): the header row, then one line per row. */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `${[header.join(","), ...rows.map((row) => row.map(csvField).join(","))].join("\r\n")}\r\n`;
}

/** The answer of a CSV download: private, never kept by any cache. */
export function csvResponse(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
