/*
 * Reads an item file in the browser: CSV with a header row (columns id, input, output and
 * metadata.<name>) or JSONL (one {"id"?, "input"?, "output"?, "metadata"?} object a line).
 * Pure, so the rules are testable without a page; the server checks every row again.
 */

export interface UploadRow {
  /** 1-based line (JSONL) or record number after the header (CSV), as the person sees it. */
  row: number;
  item: { id?: string; input?: unknown; output?: unknown; metadata?: Record<string, unknown> };
}
export interface RowProblem {
  row: number;
  message: string;
}
export interface ParsedItemFile {
  rows: UploadRow[];
  problems: RowProblem[];
}

/** The browser refuses larger files before reading them (the API takes 500 rows a request). */
export const MAX_ITEM_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_ITEM_FILE_ROWS = 20_000;
const ITEM_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;
const KNOWN_KEYS = new Set(['id', 'input', 'output', 'metadata']);

export function parseItemFile(name: string, text: string): ParsedItemFile {
  const body = text.replace(/^\uFEFF/, '');
  return /\.(jsonl|ndjson)$/i.test(name) ? parseJsonl(body) : parseCsv(body);
}

/** The structure rules both formats share, in the order a person fixes them. */
function checkItem(item: UploadRow['item']): string | undefined {
  if (item.id !== undefined) {
    if (typeof item.id !== 'string' || item.id.length > 200 || !ITEM_ID.test(item.id)) {
      return 'id must be up to 200 letters, digits, _ . : - (starting with a letter or digit)';
    }
  }
  const empty = (value: unknown) => value === undefined || value === null || value === '';
  if (empty(item.input) && empty(item.output)) return 'needs an input or an output';
  return undefined;
}

function collect(rows: UploadRow[], problems: RowProblem[], row: UploadRow): void {
  const problem = checkItem(row.item);
  if (problem) problems.push({ row: row.row, message: problem });
  else rows.push(row);
}

function parseJsonl(text: string): ParsedItemFile {
  const rows: UploadRow[] = [];
  const problems: RowProblem[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const row = index + 1;
    if (rows.length + problems.length >= MAX_ITEM_FILE_ROWS) {
      problems.push({ row, message: `only the first ${MAX_ITEM_FILE_ROWS} rows are read` });
      break;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      problems.push({ row, message: 'is not valid JSON' });
      continue;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      problems.push({ row, message: 'must be a JSON object' });
      continue;
    }
    const record = value as Record<string, unknown>;
    const unknown = Object.keys(record).filter((key) => !KNOWN_KEYS.has(key));
    if (unknown.length > 0) {
      problems.push({
        row,
        message: `unknown field ${unknown.join(', ')} (use id, input, output, metadata)`,
      });
      continue;
    }
    const metadata = record.metadata;
    if (metadata !== undefined && (!metadata || typeof metadata !== 'object' || Array.isArray(metadata))) {
      problems.push({ row, message: 'metadata must be an object' });
      continue;
    }
    collect(rows, problems, {
      row,
      item: {
        ...(record.id !== undefined ? { id: record.id as string } : {}),
        ...(record.input !== undefined ? { input: record.input } : {}),
        ...(record.output !== undefined ? { output: record.output } : {}),
        ...(metadata !== undefined ? { metadata: metadata as Record<string, unknown> } : {}),
      },
    });
  }
  return { rows, problems };
}

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks. */
export function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

function parseCsv(text: string): ParsedItemFile {
  const [header, ...records] = csvRecords(text);
  const problems: RowProblem[] = [];
  const rows: UploadRow[] = [];
  const columns = (header ?? []).map((cell) => cell.trim());
  const known = (column: string) => KNOWN_KEYS.has(column) && column !== 'metadata';
  const bad = columns.filter((column) => !known(column) && !/^metadata\.[^.]+$/.test(column));
  if (!columns.includes('input') && !columns.includes('output')) {
    return { rows, problems: [{ row: 0, message: 'the header row needs an input or an output column' }] };
  }
  if (bad.length > 0) {
    return {
      rows,
      problems: [
        { row: 0, message: `unknown column ${bad.join(', ')} (use id, input, output, metadata.<name>)` },
      ],
    };
  }
  for (const [index, cells] of records.entries()) {
    const row = index + 1;
    if (index >= MAX_ITEM_FILE_ROWS) {
      problems.push({ row, message: `only the first ${MAX_ITEM_FILE_ROWS} rows are read` });
      break;
    }
    if (cells.length !== columns.length) {
      problems.push({ row, message: `has ${cells.length} cells; the header has ${columns.length}` });
      continue;
    }
    const item: UploadRow['item'] = {};
    const metadata: Record<string, unknown> = {};
    for (const [at, column] of columns.entries()) {
      const cell = cells[at]!;
      if (column.startsWith('metadata.')) {
        if (cell !== '') metadata[column.slice('metadata.'.length)] = cell;
      } else if (cell !== '') item[column as 'id' | 'input' | 'output'] = cell;
    }
    if (Object.keys(metadata).length > 0) item.metadata = metadata;
    collect(rows, problems, { row, item });
  }
  return { rows, problems };
}
