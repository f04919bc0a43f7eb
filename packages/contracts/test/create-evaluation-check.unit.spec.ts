import { describe, expect, it } from 'vitest';
import { createEvaluationProblem, MESSAGES } from '../src/index.js';

type Input = NonNullable<Parameters<typeof createEvaluationProblem>[0]['input_configuration']>;
const manual = (items: string[]): Input => ({ type: 'manual', items });

describe('createEvaluationProblem', () => {
  // One row per rule, in the order the rules are checked (spec 000 section 5).
  const rows: Array<[string, Parameters<typeof createEvaluationProblem>[0], string[], string]> = [
    ['blank title', { title: '  ', input_configuration: manual([]) }, ['title'], MESSAGES.titleRequired],
    ['long title', { title: 'x'.repeat(201) }, ['title'], MESSAGES.titleTooLong],
    [
      'manual without a non-blank item',
      { title: 'T', input_configuration: manual(['', '  ']) },
      ['input_configuration', 'items'],
      MESSAGES.inputItemRequired,
    ],
    [
      'manual with no items list',
      { title: 'T', input_configuration: { type: 'manual' } },
      ['input_configuration', 'items'],
      MESSAGES.inputItemRequired,
    ],
    [
      'api without an endpoint',
      { title: 'T', input_configuration: { type: 'api', apiEndpoint: ' ' } },
      ['input_configuration', 'apiEndpoint'],
      MESSAGES.apiEndpointRequired,
    ],
    [
      'system without a source',
      { title: 'T', input_configuration: { type: 'system' } },
      ['input_configuration', 'systemSource'],
      MESSAGES.systemSourceRequired,
    ],
  ];
  it.each(rows)('rejects %s with the spec message', (_name, request, path, message) => {
    expect(createEvaluationProblem(request)).toEqual({ path, message });
  });

  it('reports the first broken rule only: the title before the items', () => {
    expect(createEvaluationProblem({ title: '', input_configuration: manual([]) })?.message).toBe(
      MESSAGES.titleRequired,
    );
  });

  it('accepts a request that keeps every rule', () => {
    expect(createEvaluationProblem({ title: ' T ', input_configuration: manual(['', 'a']) })).toBeUndefined();
    expect(
      createEvaluationProblem({ title: 'T', input_configuration: { type: 'api', apiEndpoint: 'https://x' } }),
    ).toBeUndefined();
    expect(
      createEvaluationProblem({
        title: 'T',
        input_configuration: { type: 'system', systemSource: 'daily_news' },
      }),
    ).toBeUndefined();
    // No input configuration at all is an API client's choice; the console always sends one.
    expect(createEvaluationProblem({ title: 'T' })).toBeUndefined();
    expect(createEvaluationProblem({ title: 'x'.repeat(200) })).toBeUndefined();
  });
});
