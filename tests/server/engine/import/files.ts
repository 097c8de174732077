import ExcelJS from 'exceljs';

/** A CSV as a spreadsheet program writes it: quoted where needed, CRLF, optionally a BOM and `;`. */
export function csvOf(
  rows: readonly (readonly string[])[],
  options: { delimiter?: ',' | ';'; bom?: boolean } = {},
) {
  const delimiter = options.delimiter ?? ',';
  const cell = (text: string) =>
    text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  const text = rows.map((row) => row.map(cell).join(delimiter)).join('\r\n') + '\r\n';
  return Buffer.from(`${options.bom ? '\uFEFF' : ''}${text}`);
}

/** An XLSX workbook of one sheet; a cell `{ formula }` is written as a formula. */
export async function xlsxOf(
  rows: readonly (readonly (string | number | boolean | { formula: string })[])[],
) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row as ExcelJS.CellValue[]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The import form: text fields, then the file. */
export function importForm(file: Buffer, fields: Record<string, string> = {}, name = 'import.csv') {
  const boundary = `----import${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([key, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
