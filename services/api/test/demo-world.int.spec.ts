import { auditLedger } from '@evalmarket/projector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PEOPLE, demoSignInLinks, seedDemoWorld } from '../src/demo/seed-demo-world.js';
import { startTestRuntime } from './support/runtime.js';

describe('demo world (embedded default)', () => {
  let runtime: Awaited<ReturnType<typeof startTestRuntime>>;
  beforeAll(async () => {
    runtime = await startTestRuntime();
  });
  afterAll(async () => {
    await runtime?.stop();
  });

  it('seeds real people, applications, a purchase and an evaluation with votes, once', async () => {
    expect(await seedDemoWorld(runtime.app, runtime.context)).toBe(true);
    const sql = runtime.sql;
    const people = await sql.query<{ email: string; is_admin: boolean; first_name: string }>(
      'SELECT email, is_admin, first_name FROM users ORDER BY email',
    );
    expect(people.rows.map((row) => row.email).sort()).toEqual(
      Object.values(DEMO_PEOPLE)
        .map((person) => person.email)
        .sort(),
    );
    expect(people.rows.find((row) => row.email === DEMO_PEOPLE.admin.email)?.is_admin).toBe(true);

    const applications = await sql.query<{
      email: string;
      evaluator_status: string;
      qualification_tier: string | null;
    }>(
      `SELECT u.email, a.evaluator_status, a.qualification_tier FROM evaluator_applications a JOIN users u ON u.id = a.user_id`,
    );
    const byEmail = Object.fromEntries(applications.rows.map((row) => [row.email, row]));
    expect(byEmail[DEMO_PEOPLE.community.email]).toMatchObject({
      evaluator_status: 'verified',
      qualification_tier: 'community',
    });
    expect(byEmail[DEMO_PEOPLE.expert.email]).toMatchObject({
      evaluator_status: 'verified',
      qualification_tier: 'expert',
    });
    expect(byEmail[DEMO_PEOPLE.applicant.email]?.evaluator_status).toBe('pending');
    expect(byEmail[DEMO_PEOPLE.rejected.email]?.evaluator_status).toBe('rejected');

    // $100 bought; 7 votes paid (3 community at 1,000, 4 expert at 4,000); the bonus was granted;
    // the expert cashed out 12,000 of 16,000 through Connect.
    const events = await runtime.store.readAll({ after: 0, limit: 10_000 });
    const count = (type: string) => events.filter((event) => event.type === type).length;
    expect(count('CreditsPurchased')).toBe(1);
    expect(count('VoteRecorded')).toBe(7);
    expect(count('BonusGranted')).toBe(1);
    expect(count('CashoutRequested')).toBe(1);
    const requesterId = (
      await sql.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [DEMO_PEOPLE.requester.email])
    ).rows[0]!.id;
    const card = await sql.query('SELECT 1 FROM saved_payment_methods WHERE user_id = $1', [requesterId]);
    expect(card.rows).toHaveLength(1);
    const recharge = await sql.query<{ enabled: boolean }>(
      'SELECT enabled FROM auto_recharge_settings WHERE user_id = $1',
      [requesterId],
    );
    expect(recharge.rows[0]?.enabled).toBe(true);
    const expertId = (
      await sql.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [DEMO_PEOPLE.expert.email])
    ).rows[0]!.id;
    const payout = await sql.query<{ payouts_enabled: boolean }>(
      'SELECT payouts_enabled FROM payout_accounts WHERE user_id = $1',
      [expertId],
    );
    expect(payout.rows[0]?.payouts_enabled).toBe(true);
    const publicList = await runtime.app.inject({
      method: 'GET',
      url: '/api/v1/evaluations?public_only=true',
    });
    expect(publicList.json()).toEqual([expect.objectContaining({ title: 'Support chatbot answers' })]);

    const report = await auditLedger({ sql, store: runtime.store, catchUpTimeoutMs: 5_000 });
    expect(report.ok).toBe(true);

    // A second start leaves the world as it is.
    expect(await seedDemoWorld(runtime.app, runtime.context)).toBe(false);
    const links = await demoSignInLinks(runtime.app, runtime.context);
    expect(links.map(([who]) => who.split(' ')[0])).toEqual(['requester', 'community', 'expert', 'admin']);
    expect(links.every(([, link]) => link.includes('/auth/callback?token='))).toBe(true);
  });
});
