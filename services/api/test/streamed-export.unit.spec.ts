import { toCsv } from '@evalmarket/contracts';
import { describe, expect, it } from 'vitest';
import {
  allRows,
  csvChunks,
  jsonArrayChunks,
  keysetPages,
  replyStream,
} from '../src/http/streamed-export.js';

const COLUMNS = ['n', 'text'] as const;
type Record = { n: number; text: string };

/** A sorted table read by keyset, counting the pages asked for. */
function table(size: number) {
  const rows: Record[] = Array.from({ length: size }, (_, n) => ({ n, text: `row ${n}, "quoted"\n=1+1` }));
  const reads: Array<number | undefined> = [];
  const pages = (pageRows: number) =>
    keysetPages(
      async (after: number | undefined, limit) => {
        reads.push(after);
        const from = after === undefined ? 0 : after + 1;
        return rows.slice(from, from + limit);
      },
      (row) => row.n,
      pageRows,
    );
  return { rows, reads, pages };
}

async function text(stream: AsyncIterable<string | Buffer>): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

describe('streamed exports', () => {
  it('reads a keyset in pages, each row once, and stops at the short page', async () => {
    const world = table(25);
    const read = await allRows(world.pages(10));
    expect(read).toEqual(world.rows);
    expect(world.reads).toEqual([undefined, 9, 19]);
    const exact = table(20);
    await allRows(exact.pages(10));
    // A full last page costs one more (empty) read: the reader cannot know it was the last.
    expect(exact.reads).toEqual([undefined, 9, 19]);
  });

  it('writes CSV and JSON page by page equal to the whole written at once', async () => {
    for (const size of [0, 1, 10, 25]) {
      const world = table(size);
      expect(await text(csvChunks(COLUMNS, world.pages(10)))).toBe(toCsv(COLUMNS, world.rows));
      expect(await text(jsonArrayChunks(table(size).pages(10)))).toBe(JSON.stringify(world.rows));
    }
  });

  it('reads no further ahead than the reply has sent: the first bytes leave before the read ends', async () => {
    const world = table(100_000);
    const stream = replyStream(csvChunks(COLUMNS, world.pages(500)));
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    stream.pause();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(String(first)).toMatch(/^n,text\r\n0,/);
    // 200 pages of ~15 kB in all; paused after the first chunk, the stream has read what fills its
    // 64 KiB buffer (about five pages) and no more.
    expect(world.reads.length).toBeLessThanOrEqual(7);
    const rest = await text(stream);
    expect(world.reads.length).toBe(201);
    expect(String(first) + rest).toBe(toCsv(COLUMNS, world.rows));
  });
});
