import { describe, expect, it } from 'vitest';
import { csvRecords, parseItemFile } from '../src/pages/evaluations/detail/parse-item-file';

describe('item files read in the browser', () => {
  it('reads CSV records with quotes, commas and line breaks inside fields', () => {
    expect(csvRecords('input,output\r\n"Hi, there","say ""yes""\nplease"\n\n')).toEqual([
      ['input', 'output'],
      ['Hi, there', 'say "yes"\nplease'],
    ]);
  });

  it('turns CSV rows into items and names each bad row', () => {
    const parsed = parseItemFile(
      'items.csv',
      'id,input,output,metadata.lang\nq-1,Hello,Hi,en\n,,,\nbad id,x,,\n,Only input,,\n,,,de\nq-3,too,many,cells,here\n',
    );
    expect(parsed.rows).toEqual([
      { row: 1, item: { id: 'q-1', input: 'Hello', output: 'Hi', metadata: { lang: 'en' } } },
      { row: 3, item: { input: 'Only input' } },
    ]);
    expect(parsed.problems).toEqual([
      { row: 2, message: expect.stringMatching(/^id must be/) },
      { row: 4, message: 'needs an input or an output' },
      { row: 5, message: 'has 5 cells; the header has 4' },
    ]);
  });

  it('refuses a CSV header without input or output, or with unknown columns', () => {
    expect(parseItemFile('a.csv', 'question\nx\n').problems[0]!.message).toMatch(/input or an output column/);
    expect(parseItemFile('a.csv', 'input,colour\nx,red\n').problems[0]!.message).toMatch(
      /unknown column colour/,
    );
  });

  it('reads JSONL lines and says which line is wrong and why', () => {
    const parsed = parseItemFile(
      'items.jsonl',
      [
        '{"id":"a","input":{"q":"Hi"},"output":"Hello","metadata":{"k":1}}',
        '',
        'not json',
        '[1,2]',
        '{"input":"x","colour":"red"}',
        '{"metadata":{"k":1}}',
        '{"input":"x","metadata":"nope"}',
        '{"output":"fine"}',
      ].join('\n'),
    );
    expect(parsed.rows).toEqual([
      { row: 1, item: { id: 'a', input: { q: 'Hi' }, output: 'Hello', metadata: { k: 1 } } },
      { row: 8, item: { output: 'fine' } },
    ]);
    expect(parsed.problems.map((problem) => [problem.row, problem.message])).toEqual([
      [3, 'is not valid JSON'],
      [4, 'must be a JSON object'],
      [5, 'unknown field colour (use id, input, output, metadata)'],
      [6, 'needs an input or an output'],
      [7, 'metadata must be an object'],
    ]);
  });
});
