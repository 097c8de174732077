import { crc32, deflateRawSync } from 'node:zlib';
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

/** A zip of the given parts, deflated, as a spreadsheet program writes one. */
export function zipOf(parts: Record<string, string | Buffer>) {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(parts)) {
    const data = typeof content === 'string' ? Buffer.from(content) : content;
    const packed = deflateRawSync(data);
    const fileName = Buffer.from(name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(crc32(data), 14);
    header.writeUInt32LE(packed.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(fileName.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc32(data), 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    local.push(header, fileName, packed);
    central.push(entry, fileName);
    offset += header.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

const sheetHead =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const sheetTail = '</sheetData></worksheet>';

/** The smallest workbook Excel opens, its one sheet's `<sheetData>` given as XML. */
export function xlsxWithSheetData(sheetData: string) {
  return xlsxWithSheet(Buffer.from(`${sheetHead}${sheetData}${sheetTail}`));
}

/**
 * A workbook whose sheet is one row's XML `times` over, built as bytes: the zip bomb
 * (7,000 rows of 16,384 empty cells) inflates to 459 MB, too long for a string.
 */
export function xlsxWithRepeatedRow(row: string, times: number) {
  const head = Buffer.from(sheetHead);
  const one = Buffer.from(row);
  const sheet = Buffer.alloc(head.length + one.length * times + sheetTail.length);
  head.copy(sheet);
  sheet.fill(one, head.length, head.length + one.length * times);
  sheet.write(sheetTail, head.length + one.length * times);
  return xlsxWithSheet(sheet);
}

function xlsxWithSheet(sheet: Buffer) {
  const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relationships}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${relationships}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relationships}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/sharedStrings.xml':
      '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"></sst>',
    'xl/worksheets/sheet1.xml': sheet,
  });
}
