import { describe, expect, it } from 'vitest';
import { defaultReport } from '../src/users/statement-rules';

describe('the statements panel', () => {
  it('opens on the earnings statement for evaluators and applicants, the spending report otherwise', () => {
    expect(defaultReport({ evaluator_status: 'verified' })).toBe('statement');
    expect(defaultReport({ evaluator_status: 'pending' })).toBe('statement');
    expect(defaultReport({ evaluator_status: 'not_applied' })).toBe('report');
    expect(defaultReport({})).toBe('report');
  });
});
