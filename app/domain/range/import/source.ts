/**
 * An uploaded range file into rows of cells, streamed: the bytes go through a strict UTF-8 decoder
 * (a file in Windows-1252 is refused as a whole, with the line it fails in), through gzip when the
 * file is compressed, and through the CSV reader; rows reach the caller a chunk at a time. JSON is
 * read whole (its limit is lower, docs/decisions/0049-range-import.md). What is wrong with the file
 * as a whole (encoding, empty, columns, too many rows, not an array of objects) comes back as
 * file-level problems; what is wrong with one row stays with that row.
 */
import { CsvReader } from "./csv";
import { type CellProblem, type RowProblem, checkHeader, germanDecimal } from "./format";

export interface SourceRow {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  line: number;
  cells: Record<string, string> | null;
  problems: RowProblem[];
}

export interface SourceLimits {
  maxRows: number;
  /** the most text a file may hold once decompressed (a compressed file may not unfold without end) */
  maxTextBytes: number;
  /** JSON is parsed whole, so it has a lower limit */
  maxJsonBytes: number;
  chunkRows: number;
}

export const SOURCE_LIMITS: SourceLimits = {
  maxRows: 150_000,
  maxTextBytes: 256 * 1024 * 1024,
  maxJsonBytes: 24 * 1024 * 1024,
  chunkRows: 500,
};

const GZIP = [0x1f, 0x8b];

class FileProblem extends Error {
  constructor(readonly problem: CellProblem) {
    super(problem.key);
  }
}

/** The file's text a piece at a time, strictly UTF-8 (BOM dropped), counting lines for a message. */
async function* textOf(file: Blob, limits: SourceLimits): AsyncGenerator<string> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  let bytes: ReadableStream<Uint8Array> = file.stream();
  if (head[0] === GZIP[0] && head[1] === GZIP[1])
    bytes = bytes.pipeThrough(
      new DecompressionStream("gzip") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>,
    );
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const reader = bytes.getReader();
  let size = 0;
  let lines = 1;
  try {
    for (;;) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } catch {
        throw new FileProblem({ key: "unreadable" });
      }
      if (read.done) break;
      size += read.value.byteLength;
      if (size > limits.maxTextBytes)
        throw new FileProblem({ key: "tooLarge", params: { mb: limits.maxTextBytes >> 20 } });
      let text: string;
      try {
        text = decoder.decode(read.value, { stream: true });
      } catch {
        throw new FileProblem({ key: "encoding", params: { line: lines + countLines(validPrefix(read.value)) } });
      }
      lines += countLines(text);
      yield text;
    }
    try {
      const rest = decoder.decode();
      if (rest) yield rest;
    } catch {
      throw new FileProblem({ key: "encoding", params: { line: lines } });
    }
  } finally {
    reader.releaseLock();
  }
}

const countLines = (text: string | Uint8Array) => {
  let n = 0;
  for (const c of text) if (c === "\n" || c === 10) n++;
  return n;
};

/** The bytes before the first one that is not UTF-8 (only to name the line in the message). */
function validPrefix(bytes: Uint8Array): Uint8Array {
  const valid = (end: number) => {
    try {
      // streaming: a character cut off at the end is no error, so validity only shrinks with length
      new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, end), { stream: true });
      return true;
    } catch {
      return false;
    }
  };
  let low = 0;
  let high = bytes.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (valid(mid)) low = mid;
    else high = mid - 1;
  }
  return bytes.subarray(0, low);
}

/**
 * Reads the file and hands its rows to `sink` in chunks. Returns the file-level problems (none:
 * every row reached the sink).
 */
export async function readSource(
  file: Blob,
  sink: (rows: SourceRow[]) => Promise<void>,
  limits: SourceLimits = SOURCE_LIMITS,
): Promise<{ problems: CellProblem[]; format: "csv" | "json"; rows: number }> {
  const text = textOf(file, limits);
  let format: "csv" | "json" = "csv";
  let rows = 0;
  try {
    const first = await firstText(text);
    if (first === null) return { problems: [{ key: "empty" }], format, rows };
    if (/^\s*[[{]/.test(first)) {
      format = "json";
      rows = await readJson(first, text, sink, limits);
    } else rows = await readCsv(first, text, sink, limits);
    return { problems: [], format, rows };
  } catch (error) {
    if (error instanceof FileProblem) return { problems: [error.problem], format, rows };
    if (error instanceof HeaderProblems) return { problems: error.problems, format, rows };
    throw error;
  }
}

/** The first text that is more than white space (a file of only a BOM or blanks is empty). */
async function firstText(text: AsyncGenerator<string>): Promise<string | null> {
  let seen = "";
  // read by hand: leaving a for-await loop early would close the generator for the rest
  for (let piece = await text.next(); !piece.done; piece = await text.next()) {
    seen += piece.value;
    if (seen.trim()) return seen;
  }
  return null;
}

class HeaderProblems extends Error {
  constructor(readonly problems: CellProblem[]) {
    super("header");
  }
}

async function readCsv(
  first: string,
  text: AsyncGenerator<string>,
  sink: (rows: SourceRow[]) => Promise<void>,
  limits: SourceLimits,
): Promise<number> {
  const reader = new CsvReader();
  let header: string[] | null = null;
  let line = 0;
  let count = 0;
  let chunk: SourceRow[] = [];
  const take = async (records: string[][]) => {
    for (const record of records) {
      line++;
      if (!header) {
        header = record.map((h) => h.trim());
        const problems = checkHeader(header);
        if (problems.length) throw new HeaderProblems(problems);
        continue;
      }
      // a row of empty cells (a spreadsheet's trailing `;;;;`) is no product
      if (record.every((c) => !c.trim())) continue;
      count++;
      if (count > limits.maxRows) throw new FileProblem({ key: "tooManyRows", params: { max: limits.maxRows } });
      if (record.length !== header.length) {
        chunk.push({
          line,
          cells: null,
          problems: [{ column: null, key: "fieldCount", params: { found: record.length, expected: header.length } }],
        });
      } else {
        const cells: Record<string, string> = {};
        header.forEach((h, i) => {
          cells[h] = record[i];
        });
        chunk.push({ line, cells, problems: [] });
      }
      if (chunk.length >= limits.chunkRows) {
        await sink(chunk);
        chunk = [];
      }
    }
  };
  await take(reader.push(first));
  for await (const piece of text) await take(reader.push(piece));
  const end = reader.end();
  if (end.unclosedQuote) throw new FileProblem({ key: "unclosedQuote", params: { line: line + 1 } });
  await take(end.records);
  if (!header) throw new FileProblem({ key: "empty" });
  if (count === 0) throw new FileProblem({ key: "noRows" });
  if (chunk.length) await sink(chunk);
  return count;
}

async function readJson(
  first: string,
  text: AsyncGenerator<string>,
  sink: (rows: SourceRow[]) => Promise<void>,
  limits: SourceLimits,
): Promise<number> {
  let whole = first;
  for await (const piece of text) {
    whole += piece;
    if (whole.length > limits.maxJsonBytes)
      throw new FileProblem({ key: "jsonTooLarge", params: { mb: limits.maxJsonBytes >> 20 } });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(whole);
  } catch {
    throw new FileProblem({ key: "json" });
  }
  if (!Array.isArray(parsed) || parsed.some((o) => typeof o !== "object" || o === null || Array.isArray(o)))
    throw new FileProblem({ key: "jsonShape" });
  if (parsed.length === 0) throw new FileProblem({ key: "noRows" });
  if (parsed.length > limits.maxRows) throw new FileProblem({ key: "tooManyRows", params: { max: limits.maxRows } });
  const header = Object.keys(parsed[0] as object);
  const problems = checkHeader(header);
  if (problems.length) throw new HeaderProblems(problems);
  for (let start = 0; start < parsed.length; start += limits.chunkRows) {
    const chunk = (parsed.slice(start, start + limits.chunkRows) as Record<string, unknown>[]).map((object, i) =>
      jsonRow(object, header, start + i + 2),
    );
    await sink(chunk);
  }
  return parsed.length;
}

/** A JSON object as the same cells a CSV row has; line = its position as in the CSV (header = 1). */
function jsonRow(object: Record<string, unknown>, header: string[], line: number): SourceRow {
  const problems: RowProblem[] = [];
  const keys = Object.keys(object);
  const missing = header.filter((h) => !keys.includes(h));
  const unknown = keys.filter((k) => !header.includes(k));
  if (missing.length) problems.push({ column: null, key: "missingColumns", params: { columns: missing.join(", ") } });
  for (const column of unknown) problems.push({ column: null, key: "unknownColumn", params: { column } });
  const cells: Record<string, string> = {};
  for (const key of header) {
    const value = object[key];
    if (typeof value === "string") cells[key] = value;
    else if (typeof value === "number" && Number.isFinite(value)) cells[key] = germanDecimal(value);
    else if (typeof value === "boolean") cells[key] = value ? "ja" : "nein";
    else if (value === null || value === undefined) cells[key] = "";
    else if (Array.isArray(value) && value.every((v) => typeof v === "string")) cells[key] = value.join(", ");
    else problems.push({ column: key, key: "jsonValue" });
  }
  return { line, cells: problems.length ? null : cells, problems };
}
