import { describe, expect, it } from 'vitest';
import { readSheet } from '../../../../server/engine/import/sheet-pool';
import { csvOf, xlsxOf, xlsxWithSheetData, zipOf } from './files';

const refusal = async (file: Buffer) => {
  try {
    await readSheet(file);
  } catch (error) {
    return (error as { statusCode: number; validationFailures: unknown }).validationFailures;
  }
  throw new Error('the file was read');
};

describe('reading an import file', () => {
  it('reads a CSV as Excel writes it in Spanish: a BOM, semicolons, quoted cells', async () => {
    const file = csvOf(
      [
        ['Code', 'Name'],
        ['SPRING', 'Spring; 10% off'],
        ['FALL', 'Two\r\nlines'],
      ],
      { delimiter: ';', bom: true },
    );
    expect(await readSheet(file)).toEqual({
      format: 'csv',
      delimiter: ';',
      header: ['Code', 'Name'],
      rows: [
        { row: 2, cells: ['SPRING', 'Spring; 10% off'] },
        { row: 3, cells: ['FALL', 'Two\r\nlines'] },
      ],
    });
  });

  it('reads an XLSX sheet, a formula as its text and never its result', async () => {
    const file = await xlsxOf([
      ['Code', 'Total', 'Active', 'Note'],
      ['SPRING', 12.5, true, { formula: 'HYPERLINK("https://evil.example","x")' }],
    ]);
    expect(await readSheet(file)).toEqual({
      format: 'xlsx',
      delimiter: ',',
      header: ['Code', 'Total', 'Active', 'Note'],
      rows: [{ row: 2, cells: ['SPRING', '12.5', 'true', '=HYPERLINK("https://evil.example","x")'] }],
    });
  });

  it('refuses a malformed CSV with a 400 naming the line', async () => {
    expect(await refusal(Buffer.from('Code,Name\r\nA,B\r\nC,"D"E\r\nF,G\r\n'))).toEqual([
      { propertyName: 'file', errorMessage: 'Line 3 of the file is malformed' },
    ]);
    // A quote left open runs to the end of the file: the line named is where its row begins.
    expect(await refusal(Buffer.from('Code,Name\r\n"x\r\ny",B\r\nC,"D\r\nE,F\r\n'))).toEqual([
      { propertyName: 'file', errorMessage: 'Line 4 of the file is malformed' },
    ]);
  });

  it('refuses a file over 10 MB, or over 50,000 rows, before reading a cell', async () => {
    expect(await refusal(Buffer.alloc(10 * 1024 * 1024 + 1, 'a'))).toEqual([
      { propertyName: 'file', errorMessage: 'The file must be at most 10 MB' },
    ]);
    expect(await refusal(Buffer.from('Code\n' + 'A\n'.repeat(50_001)))).toEqual([
      { propertyName: 'file', errorMessage: 'The file must have at most 50000 rows' },
    ]);
  });

  it('refuses a file without a header row, and a zip that is no spreadsheet', async () => {
    expect(await refusal(Buffer.from('\r\n\r\n'))).toEqual([
      { propertyName: 'file', errorMessage: 'The file has no header row' },
    ]);
    expect(await refusal(Buffer.from('PK\x03\x04 not really a zip'))).toEqual([
      { propertyName: 'file', errorMessage: 'The file is not a spreadsheet that can be read' },
    ]);
  });

  it('reads UTF-16 with a BOM (Excel\'s "Unicode Text", tab-separated) and Windows-1252 (Excel\'s "CSV" on Windows)', async () => {
    const text = 'Code\tName\r\nÉTÉ\tÉté à Zürich\r\n';
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const utf16be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
    for (const file of [utf16le, utf16be])
      expect(await readSheet(file)).toEqual({
        format: 'csv',
        delimiter: '\t',
        header: ['Code', 'Name'],
        rows: [{ row: 2, cells: ['ÉTÉ', 'Été à Zürich'] }],
      });
    const windows1252 = Buffer.from([...Buffer.from('Code,Name\r\nETE,'), 0xc9, 0x74, 0xe9, 0x0d, 0x0a]);
    expect((await readSheet(windows1252)).rows).toEqual([{ row: 2, cells: ['ETE', 'Été'] }]);
  });

  it('refuses 50,001 rows even when the last one has no line break after it', async () => {
    expect(await refusal(Buffer.from('Code\n' + 'A\n'.repeat(50_000) + 'A'))).toEqual([
      { propertyName: 'file', errorMessage: 'The file must have at most 50000 rows' },
    ]);
  });

  it('refuses a row with a value past column 100', async () => {
    const wide = ['Code', ...Array.from({ length: 100 }, (_, index) => (index === 99 ? 'Far' : ''))];
    expect(await refusal(csvOf([wide, ['A']]))).toEqual([
      { propertyName: 'file', errorMessage: 'The file must have at most 100 columns' },
    ]);
  });

  it('refuses a workbook of rows of 16,384 empty cells at its first row, while the server goes on', async () => {
    const emptyRow = (row: number) =>
      `<row r="${row}">${Array.from({ length: 16_384 }, (_, column) => `<c r="${columnName(column)}${row}"/>`).join('')}</row>`;
    const rows = Array.from({ length: 200 }, (_, index) => emptyRow(index + 1)).join('');
    const bomb = xlsxWithSheetData(rows);
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024);
    // The main thread keeps turning while the worker reads: nothing here waits on the parse.
    let turns = 0;
    let reading = true;
    const turn = () => {
      turns += 1;
      if (reading) setImmediate(turn);
    };
    setImmediate(turn);
    const refused = await refusal(bomb).finally(() => {
      reading = false;
    });
    expect(refused).toEqual([
      {
        propertyName: 'file',
        errorMessage: 'Row 1 of the file stores more than 1000 cells; save it again from your spreadsheet',
      },
    ]);
    expect(turns).toBeGreaterThan(10);
  });

  it('refuses a workbook of more than 1,000,000 cells as it reads them', async () => {
    const row = (number: number) =>
      `<row r="${number}">${Array.from({ length: 1000 }, (_, column) => `<c r="${columnName(column)}${number}"/>`).join('')}</row>`;
    const bomb = xlsxWithSheetData(Array.from({ length: 1001 }, (_, index) => row(index + 1)).join(''));
    expect(await refusal(bomb)).toEqual([
      { propertyName: 'file', errorMessage: 'The file must have at most 1000000 cells' },
    ]);
  });

  it('refuses a workbook whose parts unpack past 200 MB before reading them', async () => {
    const bomb = zipOf({ 'xl/worksheets/sheet1.xml': Buffer.alloc(201 * 1024 * 1024, ' ') });
    expect(await refusal(bomb)).toEqual([
      {
        propertyName: 'file',
        errorMessage: 'The file must unpack to at most 200 MB; save it again from your spreadsheet',
      },
    ]);
  });
});

/** A spreadsheet column's letters: 0 is A, 16,383 is XFD. */
function columnName(index: number): string {
  return (index >= 26 ? columnName(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));
}
