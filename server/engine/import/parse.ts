import { parse } from 'csv-parse/sync';
import type { CellValue, Row } from 'exceljs';
import { importFileField, importLimits } from '../../../contract/import';
import { badRequest } from '../../http/errors';

/** A spreadsheet as text cells: its header row and the rows under it, with their row numbers. */
export interface Sheet {
  format: 'csv' | 'xlsx';
  delimiter: ',' | ';';
  header: string[];
  /** `row` is the spreadsheet's own number: the header is row 1. */
  rows: { row: number; cells: string[] }[];
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

export const tooLarge = () =>
  badRequest(importFileField, `The file must be at most ${megabytes(importLimits.maxBytes)} MB`);
const tooManyRows = () =>
  badRequest(importFileField, `The file must have at most ${importLimits.maxRows} rows`);

/** An XLSX file is a zip archive: it starts with the local file header `PK\x03\x04`. */
const isZip = (file: Buffer) =>
  file.length >= 4 && file[0] === 0x50 && file[1] === 0x4b && file[2] === 0x03 && file[3] === 0x04;

const countLineBreaks = (file: Buffer) => {
  let count = 0;
  for (let at = file.indexOf(10); at !== -1; at = file.indexOf(10, at + 1)) count += 1;
  return count;
};

/** Excel writes `;` where the decimal separator is a comma: the header line tells which. */
function delimiterOf(text: string): ',' | ';' {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (character: string) => firstLine.split(character).length - 1;
  return count(';') > count(',') ? ';' : ',';
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
  // Counted before parsing (a quoted cell's line breaks count too, so the limit errs on the safe side).
  if (countLineBreaks(file) > importLimits.maxRows + 1) throw tooManyRows();
  const text = file.toString('utf8').replace(/^\uFEFF/, '');
  const delimiter = delimiterOf(text);
  let records: string[][];
  try {
    records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true });
  } catch (error) {
    const { code, lines } = error as { code?: string; lines?: number };
    const line = code === 'CSV_QUOTE_NOT_CLOSED' ? openQuoteLine(text) : (lines ?? 1);
    throw badRequest(importFileField, `Line ${line} of the file is malformed`);
  }
  const [header = [], ...rest] = records;
  return {
    format: 'csv',
    delimiter,
    header,
    // Blank lines were skipped, so a row's number is its place among the records, header first.
    rows: rest.map((cells, index) => ({ row: index + 2, cells })),
  };
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

async function readXlsx(file: Buffer): Promise<Sheet> {
  // Loaded with the first spreadsheet: exceljs holds about 10 MiB of heap, which a server that
  // never imports one (the idle RSS target is 300 MiB) should not carry.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw badRequest(importFileField, 'The file is not a spreadsheet that can be read');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { format: 'xlsx', delimiter: ',', header: [], rows: [] };
  if (sheet.actualRowCount > importLimits.maxRows + 1) throw tooManyRows();
  const read = (row: Row, width: number) =>
    Array.from({ length: width }, (_, index) => cellText(row.getCell(index + 1).value).trim());
  const headerRow = sheet.getRow(1);
  const header = read(headerRow, headerRow.cellCount);
  const rows: Sheet['rows'] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells = read(row, Math.max(header.length, row.cellCount));
    if (cells.some((cell) => cell !== '')) rows.push({ row: number, cells });
  });
  return { format: 'xlsx', delimiter: ',', header, rows };
}

/**
 * A CSV (UTF-8, with or without a BOM, comma or semicolon) or XLSX file as text cells. The size
 * is the caller's to check before the body is read; the number of rows is checked here before a
 * cell is read. A file that cannot be read is the spec's 400 on the file field, naming the line.
 */
export async function readSheet(file: Buffer): Promise<Sheet> {
  if (file.length > importLimits.maxBytes) throw tooLarge();
  const sheet = isZip(file) ? await readXlsx(file) : readCsv(file);
  if (sheet.header.every((cell) => cell.trim() === '')) {
    throw badRequest(importFileField, 'The file has no header row');
  }
  return { ...sheet, header: sheet.header.map((cell) => cell.trim()) };
}
