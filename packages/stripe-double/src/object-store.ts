import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { FakeError, missing } from './errors.js';
import { list } from './params.js';
import type { CardBehaviour } from './payment-rules.js';
import type { StripeFakeOptions, StripeObject } from './types.js';

/**
 * The Stripe objects in memory (saved to `stateFile` after every write when set), ids, the clock,
 * and an object as Stripe presents it (expansions).
 */
export function createObjectStore(options: StripeFakeOptions) {
  const objects = new Map<string, StripeObject>();
  const outcomes = new Map<string, CardBehaviour['outcome']>();
  if (options.stateFile) {
    try {
      const saved = JSON.parse(readFileSync(options.stateFile, 'utf8')) as {
        objects: StripeObject[];
        outcomes: Array<[string, CardBehaviour['outcome']]>;
      };
      for (const object of saved.objects) objects.set(object.id, object);
      for (const [id, outcome] of saved.outcomes) outcomes.set(id, outcome);
    } catch {
      // No state yet (first start) or unreadable: start empty.
    }
  }
  const persist = () => {
    if (!options.stateFile) return;
    const temporary = `${options.stateFile}.tmp`;
    writeFileSync(temporary, JSON.stringify({ objects: [...objects.values()], outcomes: [...outcomes] }));
    renameSync(temporary, options.stateFile);
  };

  const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const store = (object: StripeObject): StripeObject => {
    objects.set(object.id, object);
    return object;
  };
  const find = (kind: string, id: string, param?: string): StripeObject => {
    const object = objects.get(id);
    if (!object || object.object !== kind) throw missing(kind, id, param);
    return object;
  };

  const transferredFrom = (chargeId: string) =>
    [...objects.values()]
      .filter((o) => o.object === 'transfer' && o.source_transaction === chargeId)
      .reduce((sum, o) => sum + Number(o.amount) - Number(o.amount_reversed), 0);

  const refundsOf = (chargeId: string) =>
    [...objects.values()].filter((o) => o.object === 'refund' && o.charge === chargeId);

  /**
   * An object as Stripe returns it. A charge carries `refunds` only when expanded (Charges.d.ts
   * `refunds?: ApiList<Refund> | null`, API 2022-11-15 and later); any other id field named in
   * `expand` is replaced by its object; anything else cannot be expanded (400).
   */
  const present = (object: StripeObject, expand: string[]): StripeObject => {
    const copy = structuredClone(object);
    if (copy.object === 'charge') {
      delete copy.refunds;
      if (expand.includes('refunds'))
        copy.refunds = list(refundsOf(copy.id), `/v1/charges/${copy.id}/refunds`);
    }
    for (const field of expand) {
      if (field === 'refunds' && copy.object === 'charge') continue;
      const value = copy[field];
      const target = typeof value === 'string' ? objects.get(value) : undefined;
      if (!target) {
        throw new FakeError(400, {
          type: 'invalid_request_error',
          message: `This property cannot be expanded (${field}).`,
          param: 'expand',
        });
      }
      copy[field] = present(target, []);
    }
    return copy;
  };

  return { objects, outcomes, persist, newId, nowSeconds, store, find, transferredFrom, refundsOf, present };
}

export type ObjectStore = ReturnType<typeof createObjectStore>;
