import { auditLedger } from '@evalmarket/projector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PEOPLE, demoSignInLinks, seedDemoWorld } from '../src/demo/seed-demo-world.js';
import { runEvaluationWork } from '../src/evaluations/evaluation-worker.js';
import { loadSecretBox } from '../src/http/outbound/secret-box.js';
import { LOCAL_LANGFUSE_PROJECT, LOCAL_LANGFUSE_TRACES } from '../src/runtime/local-langfuse.js';
import { EMBEDDED_MODE, startTestRuntime } from './support/runtime.js';

describe('demo world (embedded default)', () => {
  let runtime: Awaited<ReturnType<typeof startTestRuntime>>;
  beforeAll(async () => {
    runtime = await startTestRuntime();
  });
  afterAll(async () => {
    await runtime?.stop();
  });

  it('seeds real people, applications, a purchase and an evaluation with votes, once', async () => {
    expect(runtime.localLangfuse).toBeDefined();
    expect(await seedDemoWorld(runtime.app, runtime.context, runtime.localLangfuse)).toBe(true);
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
    expect(publicList.json()).toEqual([
      expect.objectContaining({ title: 'Shop assistant traces (local Langfuse)' }),
      expect.objectContaining({ title: 'Support chatbot answers' }),
    ]);

    // The second evaluation is connected to the embedded default's own Langfuse (allow-listed),
    // and its traces sync in as items.
    const langfuseEvaluation = (publicList.json() as Array<{ id: string }>)[0]!.id;
    const connection = await sql.query<{ host: string; project_name: string; connection_status: string }>(
      'SELECT host, project_name, connection_status FROM langfuse_connections WHERE evaluation_id = $1',
      [langfuseEvaluation],
    );
    expect(connection.rows[0]).toEqual({
      host: runtime.localLangfuse!.url,
      project_name: LOCAL_LANGFUSE_PROJECT.name,
      connection_status: 'connected',
    });
    expect(runtime.context.config.outboundAllowedOrigins).toContain(runtime.localLangfuse!.url);
    const box = await loadSecretBox(sql, runtime.context.config.secretsKey);
    await runEvaluationWork(runtime.context, box, new Map());
    const synced = await sql.query<{ input: unknown; source: string }>(
      'SELECT input, source FROM evaluation_items WHERE evaluation_id = $1 ORDER BY external_id',
      [langfuseEvaluation],
    );
    expect(synced.rows.map((row) => row.source)).toEqual(LOCAL_LANGFUSE_TRACES.map(() => 'langfuse'));

    const report = await auditLedger({ sql, store: runtime.store, catchUpTimeoutMs: 5_000 });
    expect(report.ok).toBe(true);

    // A second start leaves the world as it is.
    expect(await seedDemoWorld(runtime.app, runtime.context, runtime.localLangfuse)).toBe(false);
    const links = await demoSignInLinks(runtime.app, runtime.context);
    expect(links.map(([who]) => who.split(' ')[0])).toEqual(['requester', 'community', 'expert', 'admin']);
    expect(links.every(([, link]) => link.includes('/auth/callback?token='))).toBe(true);
  });
});

describe('the local Langfuse double', () => {
  it('is never started in production, nor allow-listed there', async () => {
    const runtime = await startTestRuntime(EMBEDDED_MODE, {
      nodeEnv: 'production',
      devEndpoints: false,
      outboundAllowedOrigins: [],
      // Production runs no Stripe double either; these keys are never used by this test.
      stripe: {
        secretKey: 'sk_test_never_called',
        webhookSecret: 'whsec_never_called',
        connectWebhookSecret: 'whsec_never_called_connect',
        publishableKey: 'pk_test_never_called',
      },
    });
    try {
      expect(runtime.localLangfuse).toBeUndefined();
      expect(runtime.context.config.outboundAllowedOrigins).toEqual([]);
    } finally {
      await runtime.stop();
    }
  });
});
