import type { TStoredEvent } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { describe, expect, it } from 'vitest';
import { createDomainProjection, type DomainEventHandler } from '../src/index.js';

const tx = {} as SqlExecutor;
const event = (global_position: number, type: string) => ({ global_position, type }) as TStoredEvent;

describe('createDomainProjection', () => {
  it('hands runs of one type to handlers that take many, past events nobody handles here, and keeps event order for the others', async () => {
    const calls: string[] = [];
    const one =
      (name: string): DomainEventHandler =>
      async (_tx, e) => {
        calls.push(`${name}:${e.global_position}`);
      };
    const many = (name: string): DomainEventHandler =>
      Object.assign(one(name), {
        many: async (_tx: SqlExecutor, events: TStoredEvent[]) => {
          calls.push(`${name}:[${events.map((e) => e.global_position).join(',')}]`);
        },
      });
    const apply = createDomainProjection([
      { Voted: many('votes'), Claimed: many('claims'), Mixed: one('a') },
      { Mixed: many('b') },
    ]);
    const result = await apply(tx, [
      event(1, 'Claimed'),
      event(2, 'Claimed'),
      event(3, 'Voted'),
      event(4, 'Unknown'),
      event(5, 'Voted'),
      event(6, 'Voted'),
      event(7, 'Mixed'),
      event(8, 'Mixed'),
    ]);
    expect(calls).toEqual([
      'claims:[1,2]',
      // An event no domain handles here does not break a run.
      'votes:[3,5,6]',
      // A type with a handler that takes one at a time runs event by event, every handler in turn.
      'a:7',
      'b:7',
      'a:8',
      'b:8',
    ]);
    expect(result).toEqual({ handled: 7 });
  });

  it('hands one many handler registered for several types their runs mixed, in log order', async () => {
    const calls: string[] = [];
    const work: DomainEventHandler = Object.assign(async () => undefined, {
      many: async (_tx: SqlExecutor, events: TStoredEvent[]) => {
        calls.push(`work:[${events.map((e) => `${e.type}${e.global_position}`).join(',')}]`);
      },
    });
    const other: DomainEventHandler = async (_tx, e) => {
      calls.push(`other:${e.global_position}`);
    };
    const apply = createDomainProjection([{ Claimed: work, Voted: work, Skipped: other }]);
    await apply(tx, [
      event(1, 'Claimed'),
      event(2, 'Reserved'),
      event(3, 'Voted'),
      event(4, 'Claimed'),
      event(5, 'Skipped'),
      event(6, 'Voted'),
    ]);
    expect(calls).toEqual(['work:[Claimed1,Voted3,Claimed4]', 'other:5', 'work:[Voted6]']);
  });
});
