import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import type { CellValue, Row } from 'exceljs';
import { importFileField, importLimits } from '../../../contract/import';
import { badRequest, HttpError } from '../../errors';

/** A spreadsheet as text cells: its header row and the rows under it, with their row numbers. */
export interface Sheet {
  format: 'csv' | 'xlsx';
  delimiter: ',' | ';' | '\t';
  header: string[];
  /** `row` is the spreadsheet's own number: the header is row 1. */
  rows: { row: number; cells: string[] }[];
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

export const tooLarge = () =>
  badRequest(importFileField, `The file must be at most ${megabytes(importLimits.maxBytes)} MB`);
const tooManyRows = () =>
  badRequest(importFileField, `The file must have at most ${importLimits.maxRows} rows`);
const tooManyColumns = () =>
  badRequest(importFileField, `The file must have at most ${importLimits.maxColumns} columns`);
const tooManyCells = () =>
  badRequest(importFileField, `The file must have at most ${importLimits.maxCells} cells`);
const rowTooWide = (row: number) =>
  badRequest(
    importFileField,
    `Row ${row} of the file stores more than ${importLimits.maxCellsPerRow} cells; save it again from your spreadsheet`,
  );
const inflatesTooFar = () =>
  badRequest(
    importFileField,
    `The file must unpack to at most ${megabytes(importLimits.maxInflatedBytes)} MB; save it again from your spreadsheet`,
  );

/** An XLSX file is a zip archive: it starts with the local file header `PK\x03\x04`. */
const isZip = (file: Buffer) =>
  file.length >= 4 && file[0] === 0x50 && file[1] === 0x4b && file[2] === 0x03 && file[3] === 0x04;

const countLineBreaks = (text: string) => {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
};

/**
 * Excel writes `;` where the decimal separator is a comma, and tabs in its "Unicode Text": the
 * header line tells which.
 */
function delimiterOf(text: string): Sheet['delimiter'] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (character: string) => firstLine.split(character).length - 1;
  const [best] = ([',', ';', '\t'] as const).toSorted((a, b) => count(b) - count(a));
  return count(best) > 0 ? best : ',';
}

/**
 * The file's text: UTF-8 with or without a BOM, UTF-16 with a BOM (Excel's "Unicode Text"), and
 * otherwise Windows-1252, Excel's "CSV" on Windows, whose bytes are never all valid UTF-8 once a
 * letter such as é is in them.
 */
function decodeText(file: Buffer): string {
  if (file[0] === 0xff && file[1] === 0xfe) return new TextDecoder('utf-16le').decode(file.subarray(2));
  if (file[0] === 0xfe && file[1] === 0xff) return new TextDecoder('utf-16be').decode(file.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    return new TextDecoder('windows-1252').decode(file);
  }
}

/**
 * A quote never closed is only noticed at the end of the file; the line to fix is where the row
 * holding it began (a doubled quote toggles twice, so it does not count).
 */
function openQuoteLine(text: string) {
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (character === '\n') {
      line += 1;
      if (!quoted) rowLine = line;
    }
  }
  return rowLine;
}

function readCsv(file: Buffer): Sheet {
  const text = decodeText(file);
  // Counted before parsing (a quoted cell's line breaks count too, so the limit errs on the safe side).
  if (countLineBreaks(text) > importLimits.maxRows + 1) throw tooManyRows();
  const delimiter = delimiterOf(text);
  let records: string[][];
  let cells = 0;
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (record: string[]) => {
        cells += record.length;
        if (cells > importLimits.maxCells) throw tooManyCells();
        return record;
      },
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const { code, lines } = error as { code?: string; lines?: number };
    const line = code === 'CSV_QUOTE_NOT_CLOSED' ? openQuoteLine(text) : (lines ?? 1);
    throw badRequest(importFileField, `Line ${line} of the file is malformed`);
  }
  const [header = [], ...rest] = records;
  // The last row needs no line break after it, so the count above may be one short.
  if (rest.length > importLimits.maxRows) throw tooManyRows();
  if (records.some((record) => lastFilled(record) > importLimits.maxColumns)) throw tooManyColumns();
  return {
    format: 'csv',
    delimiter,
    header,
    // Blank lines were skipped, so a row's number is its place among the records, header first.
    rows: rest.map((cells, index) => ({ row: index + 2, cells })),
  };
}

/** The number of a row's last cell holding something: trailing empty cells do not count. */
function lastFilled(cells: readonly string[]) {
  for (let index = cells.length; index > 0; index--) if (cells[index - 1].trim() !== '') return index;
  return 0;
}

/**
 * What the parts of a zip declare they inflate to, from its central directory. A part that lies
 * is still bounded by the reader's cell count and the worker's heap and time.
 */
function declaredInflatedBytes(file: Buffer): number {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > file.length) return 0;
  const entries = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  let total = 0;
  for (let entry = 0; entry < entries && at + 46 <= file.length; entry++) {
    if (file.readUInt32LE(at) !== 0x02014b50) break;
    const size = file.readUInt32LE(at + 24);
    // A ZIP64 part's size lives elsewhere: more than a spreadsheet of ours can be.
    total += size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
    at += 46 + file.readUInt16LE(at + 28) + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return total;
}

/** A cell as the text it shows: a formula as its text, never evaluated nor its stored result used. */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value !== 'object') return String(value);
  if ('formula' in value || 'sharedFormula' in value) {
    const formula = 'formula' in value ? value.formula : value.sharedFormula;
    return `=${formula}`;
  }
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return '';
}

/**
 * The first worksheet, read as a stream: the limits are checked row by row as the cells arrive,
 * so a workbook of 16,384 empty cells a row is refused after a few hundred rows, not parsed whole.
 */
async function readXlsx(file: Buffer): Promise<Sheet> {
  if (declaredInflatedBytes(file) > importLimits.maxInflatedBytes) throw inflatesTooFar();
  // Loaded with the first spreadsheet: exceljs holds about 10 MiB of heap, which a server that
  // never imports one (the idle RSS target is 300 MiB) should not carry.
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const read = (row: Row, width: number) =>
    Array.from({ length: width }, (_, index) => cellText(row.getCell(index + 1).value).trim());
  let header: string[] = [];
  const rows: Sheet['rows'] = [];
  let cells = 0;
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        if (row.cellCount > importLimits.maxCellsPerRow) throw rowTooWide(row.number);
        cells += row.cellCount;
        if (cells > importLimits.maxCells) throw tooManyCells();
        if (row.number > importLimits.maxRows + 1) throw tooManyRows();
        const values = read(row, Math.max(header.length, row.cellCount));
        if (lastFilled(values) > importLimits.maxColumns) throw tooManyColumns();
        if (row.number === 1) header = values.slice(0, lastFilled(values));
        else if (values.some((cell) => cell !== ''))
          rows.push({ row: row.number, cells: values.slice(0, Math.max(header.length, lastFilled(values))) });
      }
      // The first worksheet is the import; the others are never read.
      break;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest(importFileField, 'The file is not a spreadsheet that can be read');
  }
  return { format: 'xlsx', delimiter: ',', header, rows };
}

/**
 * A CSV (UTF-8 with or without a BOM, UTF-16 with a BOM or Windows-1252; comma, semicolon or
 * tab) or XLSX file as text cells, within `importLimits`, each checked as the file is read. A
 * file that cannot be read, or is past a limit, is the spec's 400 on the file field naming the
 * line or the limit. Run off the main thread through `readSheet` (`sheet-pool.ts`).
 */
export async function readSheetFile(file: Buffer): Promise<Sheet> {
  if (file.length > importLimits.maxBytes) throw tooLarge();
  const sheet = isZip(file) ? await readXlsx(file) : readCsv(file);
  if (sheet.header.every((cell) => cell.trim() === '')) {
    throw badRequest(importFileField, 'The file has no header row');
  }
  return { ...sheet, header: sheet.header.map((cell) => cell.trim()) };
}
