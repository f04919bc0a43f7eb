import type { DomainContext } from '../runtime/domain-context.js';
import { renderNoticeEmail } from './email-templates.js';
import { NOTICE_EVENT_TYPES, noticeOfEvent, type Notice } from './notice-of-event.js';

const CURSOR_ID = 'transactional';
/** Events read from the log per pass, and emails sent per pass. */
export const OUTBOX_READ_BATCH = 500;
export const OUTBOX_SEND_BATCH = 50;
/** Sends refused by the mail server are tried again this many times, then marked failed. */
export const MAX_SEND_ATTEMPTS = 5;

type Context = Pick<DomainContext, 'sql' | 'store' | 'mailer' | 'logger' | 'config' | 'now'>;

/**
 * Where the outbox stands in the log. On a database without a cursor it starts at the log's
 * head, so turning the outbox on for an existing log mails nobody about the past. The worker
 * calls this when it starts, before the process serves anyone, so nothing after start is missed.
 */
export async function readCursor(context: Context): Promise<number> {
  const { rows } = await context.sql.query<{ position: number | string }>(
    `SELECT position FROM email_outbox_cursor WHERE id = $1`,
    [CURSOR_ID],
  );
  if (rows[0]) return Number(rows[0].position);
  const head = await context.store.headPosition();
  await context.sql.query(
    `INSERT INTO email_outbox_cursor (id, position) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`,
    [CURSOR_ID, head],
  );
  return readCursor(context);
}

/**
 * Writes an outbox row for each mailing event after the cursor and moves the cursor, in one
 * transaction: an event is queued exactly once even across a crash or two workers at once (the
 * row id is the event id; the cursor only moves forward). Returns how many rows were queued.
 */
export async function enqueueNotices(context: Context): Promise<number> {
  const after = await readCursor(context);
  // Every event up to the head read first is visible (appends commit in position order), so a
  // short read has seen all of them: the cursor may skip the non-mailing events up to it.
  const head = await context.store.headPosition();
  const events = await context.store.readAll({ after, limit: OUTBOX_READ_BATCH, types: NOTICE_EVENT_TYPES });
  const lastRead = events[events.length - 1]?.global_position ?? after;
  const last = events.length < OUTBOX_READ_BATCH ? Math.max(lastRead, head) : lastRead;
  if (last === after) return 0;
  return context.sql.transaction(async (tx) => {
    let queued = 0;
    for (const event of events) {
      const found = noticeOfEvent(event);
      if (!found) continue;
      const inserted = await tx.query(
        `INSERT INTO email_outbox (id, user_id, template, notice, event_position, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
        [
          event.event_id,
          found.userId,
          found.notice.template,
          JSON.stringify(found.notice),
          event.global_position,
          context.now().toISOString(),
        ],
      );
      queued += inserted.rowCount ?? 0;
    }
    await tx.query(`UPDATE email_outbox_cursor SET position = GREATEST(position, $2) WHERE id = $1`, [
      CURSOR_ID,
      last,
    ]);
    return queued;
  });
}

interface OutboxRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  notice: Notice | string;
  attempts: number;
}

/**
 * Sends queued emails oldest first. Each row is claimed (pending -> sending) before its email
 * leaves, so two workers never send the same one and a crash mid-send never sends it twice (the
 * row stays `sending`: at most once). A mail server that refuses puts the row back to pending,
 * until MAX_SEND_ATTEMPTS. Returns how many were sent.
 */
export async function deliverNotices(context: Context): Promise<number> {
  const { rows } = await context.sql.query<OutboxRow>(
    `SELECT id, user_id, notice, attempts FROM email_outbox WHERE status = 'pending'
     ORDER BY event_position LIMIT $1`,
    [OUTBOX_SEND_BATCH],
  );
  let sent = 0;
  for (const row of rows) {
    const claimed = await context.sql.query(
      `UPDATE email_outbox SET status = 'sending', attempts = attempts + 1 WHERE id = $1 AND status = 'pending'`,
      [row.id],
    );
    if ((claimed.rowCount ?? 0) === 0) continue;
    const { rows: people } = await context.sql.query<{ email: string }>(
      `SELECT email FROM users WHERE id = $1`,
      [row.user_id],
    );
    const to = people[0]?.email;
    if (!to) {
      await settle(context, row.id, 'failed', 'the person has no email address');
      continue;
    }
    const notice = (typeof row.notice === 'string' ? JSON.parse(row.notice) : row.notice) as Notice;
    try {
      await context.mailer.send(renderNoticeEmail(notice, { to, publicUrl: context.config.publicUrl }));
      await settle(context, row.id, 'sent');
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const status = row.attempts + 1 >= MAX_SEND_ATTEMPTS ? 'failed' : 'pending';
      context.logger.warn(
        { err: error, outbox_id: row.id, template: notice.template },
        'transactional email not sent',
      );
      await settle(context, row.id, status, message.slice(0, 500));
    }
  }
  return sent;
}

async function settle(
  context: Context,
  id: string,
  status: 'sent' | 'pending' | 'failed',
  error?: string,
): Promise<void> {
  await context.sql.query(
    `UPDATE email_outbox SET status = $2, last_error = $3, sent_at = CASE WHEN $2 = 'sent' THEN $4::timestamptz END
     WHERE id = $1`,
    [id, status, error ?? null, context.now().toISOString()],
  );
}

/** One pass: queue what the log asks for, then send. */
export async function runEmailOutboxOnce(context: Context): Promise<{ queued: number; sent: number }> {
  const queued = await enqueueNotices(context);
  const sent = await deliverNotices(context);
  return { queued, sent };
}
