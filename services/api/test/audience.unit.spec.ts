import { describe, expect, it } from 'vitest';
import { mayAccessEvaluation, needsInvitation } from '../src/evaluations/audience.js';

const owner = 'owner-id';
const publicOne = { is_public: true, creator_id: owner };
const privateOne = { is_public: false, creator_id: owner };

describe('who may list, read and claim an evaluation', () => {
  it.each([
    ['public, signed out', publicOne, undefined, false, true],
    ['public, anyone', publicOne, 'someone', false, true],
    ['private, signed out', privateOne, undefined, false, false],
    ['private, signed out even if an invitation were claimed', privateOne, undefined, true, false],
    ['private, its owner', privateOne, owner, false, true],
    ['private, invited', privateOne, 'someone', true, true],
    ['private, not invited', privateOne, 'someone', false, false],
  ])('%s', (_name, evaluation, userId, invited, expected) => {
    expect(mayAccessEvaluation(evaluation, { userId, invited })).toBe(expected);
  });

  it('reads invitations only for a private evaluation and someone signed in other than its owner', () => {
    expect(needsInvitation(publicOne, 'someone')).toBe(false);
    expect(needsInvitation(privateOne, undefined)).toBe(false);
    expect(needsInvitation(privateOne, owner)).toBe(false);
    expect(needsInvitation(privateOne, 'someone')).toBe(true);
  });
});
