/**
 * The invoice, and a correction of it (docs/decisions/0043), drawn as a PDF with pdf-lib (pure
 * JavaScript, runs in the Worker; docs/decisions/0042).
 * It uses Helvetica, one of the standard fonts every PDF reader has, so nothing is embedded; its
 * WinAnsi encoding holds the German letters and "€". The file is made only from the stored
 * document and dated with its issue, so the same document gives the same bytes every time.
 */
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from "pdf-lib";
import { formatGermanDate } from "~/domain/content/date";
import { formatEuro } from "~/domain/money/format";
import { translator } from "~/platform/i18n.server";
import type { CreditNoteDocument } from "./credit-note";
import { type InvoiceDocument, invoiceNumberText } from "./invoice";

/** A stored invoice or correction, as the PDF needs it. */
export interface PrintedDocument {
  series: string;
  number: number;
  issuedAt: string;
  document: InvoiceDocument | CreditNoteDocument;
}

const isCreditNote = (doc: InvoiceDocument | CreditNoteDocument): doc is CreditNoteDocument =>
  "kind" in doc && doc.kind === "correction";

const WIDTH = 595.28; // A4 in points
const HEIGHT = 841.89;
const LEFT = 56;
const RIGHT = WIDTH - 56;
/** Below this the footer begins: a row that would reach it goes on the next page. */
const BOTTOM = 100;
const SIZE = 9;
const ROW = 13;

/** The table's columns: right edges of the figures, the item's left edge and width. */
const COLUMN = { qty: LEFT + 26, item: LEFT + 36, itemWidth: 268, unitPrice: 420, rate: 462, amount: RIGHT };

/** Characters Helvetica's WinAnsi encoding lacks, written as it can. */
const SUBSTITUTES: Record<string, string> = { "\u2212": "-", "\u202f": "\u00a0", ı: "i", "\u2011": "-" };

type T = Awaited<ReturnType<typeof translator<"orders">>>;

class Sheet {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  private readonly known: Set<number>;

  constructor(
    readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.known = new Set(regular.getCharacterSet());
  }

  /** The text as the font can write it: a missing letter becomes its base letter, else "?". */
  printable(text: string): string {
    return [...text]
      .map((ch) => {
        const code = ch.codePointAt(0) ?? 0;
        if (this.known.has(code)) return ch;
        const plain = SUBSTITUTES[ch] ?? ch.normalize("NFKD").replace(/\p{M}/gu, "");
        return [...plain].every((c) => this.known.has(c.codePointAt(0) ?? 0)) && plain ? plain : "?";
      })
      .join("");
  }

  newPage(): void {
    this.page = this.pdf.addPage([WIDTH, HEIGHT]);
    this.pages.push(this.page);
    this.y = HEIGHT - 56;
  }

  width(text: string, size = SIZE, bold = false): number {
    return (bold ? this.bold : this.regular).widthOfTextAtSize(this.printable(text), size);
  }

  /** Draws a text from x, or ending at x with `right`. */
  text(text: string, x: number, opts: { size?: number; bold?: boolean; right?: boolean; y?: number } = {}): void {
    const size = opts.size ?? SIZE;
    const font = opts.bold ? this.bold : this.regular;
    const printable = this.printable(text);
    const at = opts.right ? x - font.widthOfTextAtSize(printable, size) : x;
    this.page.drawText(printable, { x: at, y: opts.y ?? this.y, size, font });
  }

  /** Lines of at most `width` points, broken between words. */
  wrap(text: string, width: number, size = SIZE): string[] {
    const lines: string[] = [];
    let line = "";
    // a no-break space keeps its words together
    for (const word of text.split(/[ \t\n]+/)) {
      const next = line ? `${line} ${word}` : word;
      if (line && this.width(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    return line ? [...lines, line] : lines;
  }

  rule(y = this.y + ROW - 3): void {
    this.page.drawLine({ start: { x: LEFT, y }, end: { x: RIGHT, y }, thickness: 0.5 });
  }
}

export async function invoicePdf(invoice: PrintedDocument): Promise<Uint8Array> {
  const t = await translator("orders");
  const doc = invoice.document;
  const number = invoiceNumberText(invoice.series, invoice.number);
  const pdf = await PDFDocument.create();
  const issuedAt = new Date(invoice.issuedAt);
  const documentTitle = isCreditNote(doc) ? "creditNote.documentTitle" : "invoice.documentTitle";
  pdf.setTitle(t(documentTitle, { number, order: doc.orderNumber }));
  pdf.setAuthor(doc.seller.name);
  pdf.setCreator(doc.seller.name);
  pdf.setProducer("pdf-lib");
  pdf.setLanguage("de-DE");
  pdf.setCreationDate(issuedAt);
  pdf.setModificationDate(issuedAt);
  const sheet = new Sheet(
    pdf,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
  );
  sheet.newPage();
  if (isCreditNote(doc)) {
    letterhead(sheet, doc, t("creditNote.title", { number }), creditNoteFacts(t, doc, number, invoice.issuedAt));
    correction(sheet, t, doc, number);
    taxTable(sheet, t, doc);
    refunded(sheet, t, doc);
  } else {
    letterhead(sheet, doc, t("invoice.title", { number }), invoiceFacts(t, doc, number, invoice.issuedAt));
    lineTable(sheet, t, doc);
    totals(sheet, t, doc);
    taxTable(sheet, t, doc);
    payment(sheet, t, doc);
  }
  for (const [i, page] of sheet.pages.entries()) footer(sheet, t, doc, page, i + 1);
  return pdf.save({ useObjectStreams: false });
}

type Facts = [label: string, value: string][];

function invoiceFacts(t: T, doc: InvoiceDocument, number: string, issuedAt: string): Facts {
  return [
    [t("invoice.number"), number],
    [t("invoice.date"), formatGermanDate(issuedAt)],
    [t("invoice.serviceDate"), formatGermanDate(doc.serviceDate)],
    [t("invoice.orderNumber"), String(doc.orderNumber)],
    [t("invoice.orderDate"), formatGermanDate(doc.orderedAt)],
    [t("invoice.vatId"), doc.seller.vatId],
  ];
}

function creditNoteFacts(t: T, doc: CreditNoteDocument, number: string, issuedAt: string): Facts {
  return [
    [t("creditNote.number"), number],
    [t("creditNote.date"), formatGermanDate(issuedAt)],
    [t("creditNote.invoice"), invoiceNumberText(doc.corrects.series, doc.corrects.number)],
    [t("creditNote.invoiceDate"), formatGermanDate(doc.corrects.issuedAt)],
    [t("invoice.serviceDate"), formatGermanDate(doc.serviceDate)],
    [t("invoice.orderNumber"), String(doc.orderNumber)],
    [t("invoice.vatId"), doc.seller.vatId],
  ];
}

function letterhead(s: Sheet, doc: InvoiceDocument | CreditNoteDocument, title: string, facts: Facts): void {
  const seller = doc.seller;
  s.text(seller.name, LEFT, { size: 18, bold: true });
  s.y -= 16;
  s.text(`${seller.street} · ${seller.zip} ${seller.city}`, LEFT);
  // the address field of a window envelope (DIN 5008)
  s.y = HEIGHT - 150;
  s.text(`${seller.name} · ${seller.street} · ${seller.zip} ${seller.city}`, LEFT, { size: 7 });
  facts.forEach(([label, value], i) => {
    const y = HEIGHT - 150 - i * ROW;
    s.text(label, 340, { y });
    s.text(value, RIGHT, { y, right: true });
  });
  s.y -= 16;
  for (const line of [doc.buyer.name, ...doc.buyer.address]) {
    s.text(line, LEFT, { size: 10 });
    s.y -= 14;
  }
  s.y = Math.min(s.y, HEIGHT - 150 - facts.length * ROW) - 36;
  s.text(title, LEFT, { size: 15, bold: true });
  s.y -= 28;
}

function tableHead(s: Sheet, t: T): void {
  s.text(t("invoice.column.qty"), COLUMN.qty, { bold: true, right: true });
  s.text(t("invoice.column.item"), COLUMN.item, { bold: true });
  s.text(t("invoice.column.unitPrice"), COLUMN.unitPrice, { bold: true, right: true });
  s.text(t("invoice.column.rate"), COLUMN.rate, { bold: true, right: true });
  s.text(t("invoice.column.amount"), COLUMN.amount, { bold: true, right: true });
  s.y -= 5;
  s.rule(s.y);
  s.y -= ROW;
}

/** One row of the table; on a new page when it would run into the footer. */
function row(s: Sheet, t: T, cells: { qty: number; item: string; unitCents: number; rate: number; cents: number }) {
  const lines = s.wrap(cells.item, COLUMN.itemWidth);
  if (s.y - (lines.length - 1) * ROW < BOTTOM) {
    s.newPage();
    tableHead(s, t);
  }
  s.text(String(cells.qty), COLUMN.qty, { right: true });
  s.text(formatEuro(cells.unitCents), COLUMN.unitPrice, { right: true });
  s.text(t("invoice.rate", { rate: cells.rate }), COLUMN.rate, { right: true });
  s.text(formatEuro(cells.cents), COLUMN.amount, { right: true });
  for (const line of lines) {
    s.text(line, COLUMN.item);
    s.y -= ROW;
  }
}

function lineTable(s: Sheet, t: T, doc: InvoiceDocument): void {
  tableHead(s, t);
  for (const l of doc.lines) {
    const item = l.isGift ? `${l.name} (${t("invoice.gift")})` : l.name;
    row(s, t, { qty: l.qty, item, unitCents: l.unitPriceCents, rate: l.taxRate, cents: l.totalCents });
  }
  for (const d of doc.deposits) {
    const item = t("invoice.depositLine", { name: d.name });
    row(s, t, { qty: d.qty, item, unitCents: d.unitCents, rate: d.taxRate, cents: d.totalCents });
  }
  if (doc.shippingCents > 0) {
    const item = t("invoice.shippingLine", { carrier: t(`carrier.${doc.carrierCode}`) });
    row(s, t, { qty: 1, item, unitCents: doc.shippingCents, rate: doc.shippingTaxRate, cents: doc.shippingCents });
  }
  s.rule();
  s.y -= 6;
}

type Sum = [label: string, cents: number, bold?: boolean];

/** Rows of a label and an amount, right-aligned under the table; kept together on one page. */
function sums(s: Sheet, rows: Sum[]): void {
  const wrapped = rows.map(([label, cents, bold]) => ({ lines: s.wrap(label, RIGHT - 300 - 70), cents, bold }));
  if (s.y - wrapped.reduce((n, r) => n + r.lines.length, 0) * ROW < BOTTOM) s.newPage();
  for (const { lines, cents, bold } of wrapped) {
    s.text(formatEuro(cents), RIGHT, { right: true, bold });
    for (const line of lines) {
      s.text(line, 300, { bold });
      s.y -= ROW;
    }
  }
}

function totals(s: Sheet, t: T, doc: InvoiceDocument): void {
  const rows: Sum[] = [[t("invoice.subtotal"), doc.subtotalCents]];
  if (doc.discountCents) rows.push([t("invoice.discount", { code: doc.couponCode ?? "" }).trim(), -doc.discountCents]);
  if (doc.depositCents) rows.push([t("invoice.deposit"), doc.depositCents]);
  if (doc.shippingCents) rows.push([t("invoice.shipping"), doc.shippingCents]);
  rows.push([t("invoice.supply"), doc.supplyCents, true]);
  sums(s, rows);
  s.y -= 10;
}

/**
 * What a correction corrects and why, and the reduction per rate (§ 17 Abs. 1 UStG): negative
 * figures, as they reduce the invoice's.
 */
function correction(s: Sheet, t: T, doc: CreditNoteDocument, number: string): void {
  const invoice = invoiceNumberText(doc.corrects.series, doc.corrects.number);
  const reference = t("creditNote.reference", { number, invoice, date: formatGermanDate(doc.corrects.issuedAt) });
  const reason = t(`refunds.reason.${doc.reason}`);
  const paragraphs = [
    reference,
    doc.note ? t("creditNote.reasonNote", { reason, note: doc.note }) : t("creditNote.reason", { reason }),
    t("creditNote.text"),
  ];
  for (const paragraph of paragraphs) {
    for (const line of s.wrap(paragraph, RIGHT - LEFT)) {
      s.text(line, LEFT);
      s.y -= ROW;
    }
    s.y -= 4;
  }
  s.y -= 8;
  const rows: Sum[] = doc.taxes.map((d) => [t("creditNote.reduction", { rate: d.rate }), d.grossCents]);
  rows.push([t("creditNote.total"), doc.totalCents, true]);
  sums(s, rows);
  s.y -= 10;
}

/** How the refund reached her: the correction's amount, as it was paid back or set off. */
function refunded(s: Sheet, t: T, doc: CreditNoteDocument): void {
  const rows: Sum[] = [];
  if (doc.providerCents)
    rows.push([t("creditNote.provider", { method: t(`payment.${doc.paymentMethod}`) }), doc.providerCents]);
  if (doc.balanceCents) rows.push([t("creditNote.balance"), doc.balanceCents]);
  if (doc.cashbackCents) rows.push([t("creditNote.cashback"), doc.cashbackCents]);
  if (s.y - (rows.length + 2) * ROW < BOTTOM) s.newPage();
  sums(s, rows);
  s.y -= ROW;
  s.text(t("creditNote.closing"), LEFT);
}

function taxTable(s: Sheet, t: T, doc: InvoiceDocument | CreditNoteDocument): void {
  if (s.y - (doc.taxes.length + 3) * ROW < BOTTOM) s.newPage();
  s.text(t("invoice.taxTitle"), LEFT, { bold: true });
  s.y -= ROW + 2;
  const columns = [LEFT + 60, 330, 430, RIGHT] as const;
  const head = ["rate", "net", "tax", "gross"] as const;
  for (const [i, key] of head.entries()) s.text(t(`invoice.taxColumn.${key}`), columns[i], { right: true, bold: true });
  s.y -= ROW;
  const line = (label: string, net: number, tax: number, gross: number, bold = false) => {
    s.text(label, columns[0], { right: true, bold });
    for (const [i, cents] of [net, tax, gross].entries())
      s.text(formatEuro(cents), columns[i + 1], { right: true, bold });
    s.y -= ROW;
  };
  for (const d of doc.taxes) line(t("invoice.rate", { rate: d.rate }), d.netCents, d.taxCents, d.grossCents);
  const sum = (key: "netCents" | "taxCents" | "grossCents") => doc.taxes.reduce((n, d) => n + d[key], 0);
  if (doc.taxes.length > 1) line(t("invoice.taxSum"), sum("netCents"), sum("taxCents"), sum("grossCents"), true);
  s.y -= 10;
}

function payment(s: Sheet, t: T, doc: InvoiceDocument): void {
  const rows: Sum[] = [];
  if (doc.sharesCents) rows.push([t("invoice.shares"), doc.sharesCents], [t("invoice.total"), doc.totalCents, true]);
  if (doc.creditCents) rows.push([t("invoice.credit"), -doc.creditCents]);
  const paid = t("invoice.paid", { method: t(`payment.${doc.paymentMethod}`) });
  rows.push([paid, doc.paidCents, rows.length > 0]);
  // the closing line stays with the payment
  if (s.y - (rows.length + 2) * ROW < BOTTOM) s.newPage();
  sums(s, rows);
  s.y -= ROW;
  s.text(t("invoice.thanks"), LEFT);
}

function footer(s: Sheet, t: T, doc: InvoiceDocument | CreditNoteDocument, page: PDFPage, n: number): void {
  const seller = doc.seller;
  const lines = [
    t("invoice.footer.seat", { name: seller.name, city: seller.city, register: seller.register, vatId: seller.vatId }),
    t("invoice.footer.board", { board: seller.board.join(", "), chair: seller.supervisoryChair }),
    t("invoice.footer.contact", { phone: seller.phone, email: seller.email }),
  ];
  s.page = page;
  page.drawLine({ start: { x: LEFT, y: 78 }, end: { x: RIGHT, y: 78 }, thickness: 0.5 });
  for (const [i, line] of lines.entries()) s.text(line, LEFT, { size: 7, y: 66 - i * 10 });
  s.text(t("invoice.page", { page: n, count: s.pages.length }), RIGHT, { size: 7, y: 36, right: true });
}
