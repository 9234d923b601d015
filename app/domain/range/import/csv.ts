/**
 * CSV as German spreadsheet programs write it: fields separated by `;`, a field in double quotes
 * when it holds `;`, a quote or a line break, a quote inside doubled (`""`), lines ending in CRLF,
 * LF or CR. The reader takes text piece by piece (`push`) and hands out each finished record, so a
 * file of 100,000 rows is never held whole (docs/decisions/0049-range-import.md).
 */
export const SEPARATOR = ";";

export class CsvReader {
  private field = "";
  private record: string[] = [];
  private quoted = false;
  /** inside quotes: the quote just read may be the first of a doubled pair */
  private quoteSeen = false;
  /** a CR ended the last record: an LF right after belongs to it */
  private afterCr = false;
  /** whether the field began with a quote (a field only counts as quoted then) */
  private fieldStarted = false;
  private records: string[][] = [];

  /** Reads the next piece of text; returns the records it finished. */
  push(text: string): string[][] {
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (this.afterCr) {
        this.afterCr = false;
        if (c === "\n") continue;
      }
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (c === '"') {
            this.field += '"';
            continue;
          }
          this.quoted = false;
          // the closing quote: what follows is read as outside quotes
        } else if (c === '"') {
          this.quoteSeen = true;
          continue;
        } else {
          this.field += c;
          continue;
        }
      }
      if (c === '"' && !this.fieldStarted) {
        this.quoted = true;
        this.fieldStarted = true;
      } else if (c === SEPARATOR) {
        this.endField();
      } else if (c === "\n" || c === "\r") {
        this.endRecord();
        this.afterCr = c === "\r";
      } else {
        // a quote in the middle of an unquoted field stays a quote, as spreadsheets read it
        this.field += c;
        this.fieldStarted = true;
      }
    }
    return this.take();
  }

  /** The end of the file: the last record (if the file did not end with a line break). */
  end(): { records: string[][]; unclosedQuote: boolean } {
    const unclosedQuote = this.quoted && !this.quoteSeen;
    if (this.quoted && this.quoteSeen) this.quoted = false;
    if (this.field || this.record.length || this.fieldStarted) this.endRecord();
    return { records: this.take(), unclosedQuote };
  }

  private endField() {
    this.record.push(this.field);
    this.field = "";
    this.fieldStarted = false;
  }

  private endRecord() {
    this.endField();
    this.records.push(this.record);
    this.record = [];
  }

  private take(): string[][] {
    const done = this.records;
    this.records = [];
    return done;
  }
}

/** Every record of a whole text (tests and small files). */
export function parseCsv(text: string): { records: string[][]; unclosedQuote: boolean } {
  const reader = new CsvReader();
  const first = reader.push(text);
  const last = reader.end();
  return { records: [...first, ...last.records], unclosedQuote: last.unclosedQuote };
}

/** One record as a CSV line (with CRLF, as spreadsheets write it). */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map((c) => (/[";\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(SEPARATOR)}\r\n`;
}
