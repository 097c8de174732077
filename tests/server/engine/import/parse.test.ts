import { describe, expect, it } from 'vitest';
import { readSheet } from '../../../../server/engine/import/parse';
import { csvOf, xlsxOf } from './files';

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
});
