import { setTimeout as sleep } from 'node:timers/promises';
import PDFDocument from 'pdfkit';
import type { CloseOut } from '../../../contract/campaigns';
import type { OrderWithItems } from './close-out';

/** What the PDF's title page says of the window. */
export interface PdfHeading {
  campaignName: string;
  schoolName: string;
  opensAt: Date;
  closesAt: Date;
  builtAt: Date;
}

interface Column {
  label: string;
  width: number;
  align?: 'left' | 'right';
}

/** The PDF waits for the ZIP to take its pages once this much is waiting: it is never held whole. */
const bufferedLimit = 256 * 1024;

const margin = 50;
const money = (amount: number) => `$${amount.toFixed(2)}`;
/** Instants as the print shop reads them, in UTC: the package goes to a shop in any zone. */
const when = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const shown = (text: string) => text || '-';

/** Rows under a header line, the header repeated on each new page a long table runs onto. */
function table(doc: PDFKit.PDFDocument, columns: readonly Column[], rows: readonly string[][]) {
  const bottom = doc.page.height - margin;
  const line = (cells: readonly string[], bold: boolean) => {
    const y = doc.y;
    let x = margin;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    columns.forEach((column, index) => {
      doc.text(cells[index] ?? '', x, y, {
        width: column.width - 6,
        align: column.align ?? 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += column.width;
    });
    doc.x = margin;
    doc.y = y + 15;
  };
  line(
    columns.map((column) => column.label),
    true,
  );
  for (const row of rows) {
    if (doc.y + 15 > bottom) {
      doc.addPage();
      line(
        columns.map((column) => column.label),
        true,
      );
    }
    line(row, false);
  }
  doc.moveDown();
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  doc.font('Helvetica-Bold').fontSize(16).text(text, margin, doc.y);
  doc.moveDown(0.5);
}

function summary(doc: PDFKit.PDFDocument, head: PdfHeading, figures: CloseOut) {
  doc.font('Helvetica-Bold').fontSize(22).text(`Close-out: ${head.campaignName}`);
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(12);
  for (const text of [
    head.schoolName,
    `Window: ${when(head.opensAt)} to ${when(head.closesAt)}`,
    `Orders: ${figures.orders}; units: ${figures.units}`,
    `Raised for the school: ${money(figures.raised)}; platform share: ${money(figures.platformShare)}`,
    `Orders of the school that arrived outside any window (within a week of this one): ${figures.outsideWindow}`,
    `Built: ${when(head.builtAt)}`,
  ])
    doc.text(text).moveDown(0.3);
}

function packingPage(doc: PDFKit.PDFDocument, order: OrderWithItems) {
  doc.addPage();
  heading(doc, `Packing list: order ${order.orderNumber}`);
  doc.font('Helvetica').fontSize(12).text(order.customerName).text(order.customerEmail);
  doc.moveDown();
  table(
    doc,
    [
      { label: 'Product', width: 250 },
      { label: 'Colour', width: 100 },
      { label: 'Size', width: 60 },
      { label: 'Quantity', width: 80, align: 'right' },
    ],
    order.items.map((item) => [item.title, shown(item.colour), shown(item.size), String(item.quantity)]),
  );
}

/**
 * The package's one printable document: the window on a title page, the counts the shop prints,
 * each product's minimum, the fundraising, then a packing list page per buyer. Answered as a
 * stream the ZIP reads while `orders` are still being read and drawn: drawing waits whenever
 * `bufferedLimit` bytes are waiting, so a window of thousands of buyers is never in memory.
 */
export function closeOutPdf(
  head: PdfHeading,
  figures: CloseOut,
  orders: AsyncIterable<readonly OrderWithItems[]>,
) {
  const doc = new PDFDocument({ size: 'LETTER', margin, info: { Title: `Close-out: ${head.campaignName}` } });
  // A readable stream tells no one it was read (and a 'data' listener would take the bytes
  // itself), so the drawing looks again shortly.
  const room = async () => {
    while (doc.readableLength > bufferedLimit) {
      if (doc.destroyed) throw new Error('The close-out PDF was abandoned');
      await sleep(5);
    }
  };
  const draw = async () => {
    summary(doc, head, figures);
    doc.addPage();
    heading(doc, 'Counts by product, colour and size');
    table(
      doc,
      [
        { label: 'Product', width: 250 },
        { label: 'Colour', width: 110 },
        { label: 'Size', width: 70 },
        { label: 'Units', width: 80, align: 'right' },
      ],
      figures.counts.map((count) => [
        count.title,
        shown(count.colour),
        shown(count.size),
        String(count.units),
      ]),
    );
    heading(doc, 'Minimums');
    table(
      doc,
      [
        { label: 'Product', width: 250 },
        { label: 'Minimum', width: 80, align: 'right' },
        { label: 'Units', width: 80, align: 'right' },
        { label: 'Met', width: 100 },
      ],
      figures.products.map((product) => [
        product.title,
        String(product.minimum),
        String(product.units),
        product.met ? 'Yes' : 'No: refund',
      ]),
    );
    heading(doc, 'Fundraising');
    table(
      doc,
      [
        { label: 'Product', width: 220 },
        { label: 'Units', width: 70, align: 'right' },
        { label: 'Per unit', width: 90, align: 'right' },
        { label: 'Raised', width: 110, align: 'right' },
      ],
      [
        ...figures.products.map((product) => [
          product.title,
          String(product.units),
          money(product.fundraising),
          money(product.raised),
        ]),
        ['Total', String(figures.units), '', money(figures.raised)],
        ['Platform share', '', '', money(figures.platformShare)],
      ],
    );
    await room();
    for await (const page of orders)
      for (const order of page) {
        packingPage(doc, order);
        await room();
      }
    doc.end();
  };
  draw().catch((error: unknown) => doc.destroy(error as Error));
  return doc;
}
