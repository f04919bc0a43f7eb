import { NAME_KINDS } from '@evalmarket/eventstore';
import { ZStaffEvent, ZStaffEventParams, type TStaffEvent } from '@evalmarket/contracts';
import { planningPerCall } from '@evalmarket/db';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { NotFoundError, ValidationError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { PERSON_FIELDS } from './event-links.js';
import { namesParty } from './event-log-parties.js';
import { EVENT_LOG_COLUMNS, EVENT_LOG_COUNT, eventLogPage } from './event-log-source.js';
import { hasPostingOn } from './posting-account.js';
import {
  applies,
  atOrAfter,
  before,
  equals,
  likeEscape,
  personMatches,
  raList,
  ZRaListQuery,
  type Bind,
} from './ra-list.js';
import { iso, jsonColumn } from './staff-rows.js';

const EVENT_SELECT = EVENT_LOG_COLUMNS;

function toStaffEvent(row: Record<string, unknown>): TStaffEvent {
  const data = jsonColumn(row.data);
  const metadata = jsonColumn(row.metadata);
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    id: Number(row.global_position),
    global_position: Number(row.global_position),
    event_id: String(row.event_id),
    stream_id: String(row.stream_id),
    stream_version: Number(row.stream_version),
    type: String(row.type),
    schema_version: Number(row.schema_version),
    recorded_at: iso(row.recorded_at),
    actor: text(metadata?.actor),
    causation_id: text(metadata?.causation_id),
    correlation_id: text(metadata?.correlation_id),
    request_id: text(metadata?.request_id),
    payload: data,
    postings: Array.isArray(data?.postings) ? data.postings : [],
    metadata,
    hash: String(row.hash),
    prev_hash: String(row.prev_hash),
  };
}

function position(value: unknown): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 0) {
    throw ValidationError.at(['query', 'filter'], `${JSON.stringify(value)} is not an event position`);
  }
  return number;
}

export const eventFilters: Record<string, (value: unknown, bind: Bind) => string | undefined> = {
  stream_id: equals('stream_id'),
  /**
   * A stream prefix such as `evaluator-` or `user-u_1`: a LIKE prefix (wildcards escaped), which
   * events_stream_pattern_idx answers whatever the database's collation.
   */
  stream_prefix: (value, bind) => `stream_id LIKE ${bind(`${likeEscape(String(value))}%`)}`,
  type: equals('type'),
  actor: equals(`(metadata->>'actor')`),
  correlation_id: equals(`(metadata->>'correlation_id')`),
  causation_id: equals(`(metadata->>'causation_id')`),
  recorded_from: atOrAfter('recorded_at'),
  recorded_to: before('recorded_at'),
  position_from: (value, bind) => `global_position >= ${bind(position(value))}`,
  position_to: (value, bind) => `global_position <= ${bind(position(value))}`,
  /** Events whose payload names this person as `user_id`. */
  user_id: (value, bind) => `(data->>'user_id') = ${bind(String(value))}`,
  /** Events that name this person in any role: owner, requester, evaluator, person or actor. */
  party: (value, bind) => namesParty(bind(String(value))),
  /** Events that name, in any role, a person whose name, email or id contains the text. */
  q: personMatches(...Object.keys(PERSON_FIELDS).map((field) => `(data->>'${field}')`)),
  /** Events with a posting on this account (`spending:{id}`, `earning:{id}`, `platform:fees`, ...). */
  account: (value, bind) => hasPostingOn('data', bind(String(value))),
};

/**
 * Filters whose page's best plan depends on the value: a stream prefix's LIKE can use its pattern
 * index only once the planner sees the pattern, a person search's pattern and a time or position
 * range likewise. A name's batches (event_batch_names, migration 032) number from one to every
 * batch of the log: planned for a name it has not seen, the planner expects a row or two, sorts
 * every event of the name's batches instead of reading them in order until the page is full,
 * and the seeded actor's page (every batch) ran past the statement timeout; planned for the
 * value, it took 8 ms. A page with one of them is planned for its values on every call
 * (planningPerCall). Every other page (none, a type, a stream id, whose batches come from a
 * function the planner expects many rows of) is a statement prepared once per connection,
 * which PostgreSQL may then run on its generic plan: planning the party page's statement took
 * 1.3-2.6 ms of the server's time on every call. (On PostgreSQL a page planned per call goes to
 * sessions that plan so from their start, one round trip; on PGlite it runs in a transaction that
 * sets it, two round trips more.)
 */
const PLANNED_PER_VALUE: ReadonlySet<string> = new Set([
  'stream_prefix',
  'q',
  'recorded_from',
  'recorded_to',
  'position_from',
  'position_to',
  ...NAME_KINDS,
]);

/** Whether a page with this filter is planned for its values (PLANNED_PER_VALUE). */
export function plannedPerCall(filter: Record<string, unknown>): boolean {
  return Object.entries(filter).some(([name, value]) => applies(value) && PLANNED_PER_VALUE.has(name));
}

/** The raw event log (the event_log view, which includes the packed journal's reward transfers). */
export async function staffEventRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql } = context;
  const perCall = planningPerCall(sql);
  const executorFor = (filter: Record<string, unknown>) => (plannedPerCall(filter) ? perCall : sql);
  app.get(
    '/admin/events',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The raw event log with payload, postings, hash and causation; filter by stream_id, stream_prefix, type, actor, correlation_id, recorded_from/recorded_to, position_from/position_to, user_id, party (any person the event names), account (a posting on it), q (name, email or id of a person it names)',
        querystring: ZRaListQuery,
        response: { 200: z.array(ZStaffEvent) },
      },
    },
    async (request, reply) =>
      (await raList(
        sql,
        reply,
        {
          resource: 'events',
          select: EVENT_SELECT,
          from: 'event_log',
          id: 'global_position',
          sortFields: {
            id: 'global_position',
            global_position: 'global_position',
            recorded_at: 'global_position',
          },
          defaultSort: ['global_position', 'DESC'],
          filters: eventFilters,
          toRecord: toStaffEvent,
          pageFrom: eventLogPage,
          countAll: EVENT_LOG_COUNT,
          // Under a filter, each event past the page may be in a batch of its own, and finding it
          // unpacks that batch (1-2 ms): a filtered total counts nothing past the page.
          countPastPage: 0,
          executorFor,
        },
        request.query,
      )) as TStaffEvent[],
  );

  app.get(
    '/admin/events/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One event by global position',
        params: ZStaffEventParams,
        response: { 200: ZStaffEvent },
      },
    },
    async (request) => {
      const { rows } = await sql.query(`SELECT ${EVENT_SELECT} FROM event_log WHERE global_position = $1`, [
        request.params.id,
      ]);
      if (!rows[0]) throw new NotFoundError('Event not found');
      return toStaffEvent(rows[0]);
    },
  );
}
