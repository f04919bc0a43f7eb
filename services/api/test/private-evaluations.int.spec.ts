import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';
import { evaluationClient } from './support/evaluations.js';

type Runtime = Awaited<ReturnType<typeof startTestRuntime>>;

for (const mode of runtimeModes()) {
  describe(`private evaluations and their invitations: ${mode.name}`, () => {
    let runtime: Runtime;
    let api: ReturnType<typeof evaluationClient>;
    let owner: SignedIn;
    let invited: SignedIn;
    let stranger: SignedIn;
    let evaluationId: string;

    const projectIds = async (headers: Record<string, string>) =>
      ((await api.call('GET', '/evaluator/projects', headers)).body as Array<{ evaluation_id: string }>).map(
        (project) => project.evaluation_id,
      );

    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      api = evaluationClient(runtime);
      owner = await signIn(runtime, 'private-owner@example.com');
      invited = await signIn(runtime, 'invited@example.com');
      stranger = await signIn(runtime, 'stranger@example.com');
      const created = await api.createEvaluation(owner.headers, {
        visibility_settings: { is_public: false },
      });
      expect(created.body.is_public).toBe(false);
      evaluationId = created.body.id;
      const key = await api.createKey(owner.headers, evaluationId);
      await api.configure(owner.headers, evaluationId, { permission_level: 'volunteer_only' });
      const ingested = await api.ingest(
        key.body.api_key,
        created.body.sdk_project_id,
        Array.from({ length: 4 }, (_, i) => ({ id: `secret-${i}`, output: `private answer ${i}` })),
      );
      expect(ingested.status).toBe(202);
    }, 120_000);
    afterAll(async () => {
      await runtime?.stop();
    });

    it('lets the owner invite, list and revoke; nobody else manages invitations', async () => {
      const url = `/evaluations/${evaluationId}/invitations`;
      expect((await api.call('POST', url, {}, { email: 'invited@example.com' })).status).toBe(401);
      expect((await api.call('POST', url, stranger.headers, { email: 'invited@example.com' })).status).toBe(
        404,
      );
      const bad = await api.call('POST', url, owner.headers, { email: 'not an address' });
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0].loc).toEqual(['body', 'email']);

      const sent = await api.call('POST', url, owner.headers, { email: ' Invited@Example.com ' });
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({
        evaluation_id: evaluationId,
        email: 'invited@example.com',
        registered: true,
      });
      const again = await api.call('POST', url, owner.headers, { email: 'invited@example.com' });
      expect(again.status).toBe(200);
      expect(again.body.invitation_id).toBe(sent.body.invitation_id);
      const [mail] = runtime.context.mailer.mailbox('invited@example.com');
      expect(mail?.subject).toBe('You are invited to evaluate "Chatbot answers"');
      expect(mail?.links[0]).toMatch(/\/evaluations$/);

      const list = await api.call('GET', url, owner.headers);
      expect(list.body.map((row: { email: string }) => row.email)).toEqual(['invited@example.com']);
      expect((await api.call('GET', url, invited.headers)).status).toBe(403);
      expect((await api.call('GET', url, stranger.headers)).status).toBe(404);
      expect((await api.call('GET', url)).status).toBe(401);

      // The address is personal data: the event log holds it sealed only.
      const { rows } = await runtime.context.sql.query<{ data: unknown }>(
        `SELECT data FROM events WHERE type = 'EvaluationInvitationSent'`,
      );
      expect(rows.length).toBe(1);
      expect(JSON.stringify(rows[0]!.data)).not.toContain('invited@example.com');
    }, 60_000);

    it('lists, shows and hands out items of a private evaluation to its owner and invited people only', async () => {
      // Signed out
      expect((await api.call('GET', `/evaluations/${evaluationId}`)).status).toBe(404);
      expect((await api.call('GET', '/evaluator/projects')).status).toBe(401);
      expect((await api.claim({}, evaluationId)).status).toBe(401);
      // The owner reads it (and, as ever, does not evaluate their own evaluation)
      expect((await api.call('GET', `/evaluations/${evaluationId}`, owner.headers)).status).toBe(200);
      expect(await projectIds(owner.headers)).not.toContain(evaluationId);
      // Not invited: not listed, not readable, not claimable, none of its items
      expect(await projectIds(stranger.headers)).not.toContain(evaluationId);
      const strangerRead = await api.call('GET', `/evaluations/${evaluationId}`, stranger.headers);
      expect(strangerRead.status).toBe(404);
      expect(strangerRead.body.detail).toBe('Evaluation not found');
      const strangerClaim = await api.claim(stranger.headers, evaluationId);
      expect(strangerClaim.status).toBe(404);
      expect(JSON.stringify(strangerClaim.body)).not.toContain('private answer');
      const anyClaim = await api.claim(stranger.headers);
      expect(JSON.stringify(anyClaim.body)).not.toContain('private answer');
      // Invited: listed, readable, claimable with its items
      expect(await projectIds(invited.headers)).toContain(evaluationId);
      expect((await api.call('GET', `/evaluations/${evaluationId}`, invited.headers)).status).toBe(200);
      const claimed = await api.claim(invited.headers, evaluationId);
      expect(claimed.status).toBe(201);
      expect(claimed.body.output).toMatch(/^private answer/);
      expect((await api.vote(invited.headers, claimed.body.assignment_id, 'good')).status).toBe(201);
    }, 60_000);

    it('opens the evaluation to someone invited before they signed up, and closes it on revocation', async () => {
      const url = `/evaluations/${evaluationId}/invitations`;
      const early = await api.call('POST', url, owner.headers, { email: 'newcomer@example.com' });
      expect(early.status).toBe(201);
      expect(early.body.registered).toBe(false);
      const newcomer = await signIn(runtime, 'newcomer@example.com');
      expect(await projectIds(newcomer.headers)).toContain(evaluationId);
      expect((await api.claim(newcomer.headers, evaluationId)).status).toBe(201);

      const list = (await api.call('GET', url, owner.headers)).body as Array<{
        invitation_id: string;
        email: string;
      }>;
      const invitation = list.find((row) => row.email === 'invited@example.com')!;
      expect((await api.call('DELETE', `${url}/${invitation.invitation_id}`, stranger.headers)).status).toBe(
        404,
      );
      const revoked = await api.call('DELETE', `${url}/${invitation.invitation_id}`, owner.headers);
      expect(revoked.status).toBe(200);
      expect((await api.call('DELETE', `${url}/${invitation.invitation_id}`, owner.headers)).status).toBe(
        404,
      );
      expect(await projectIds(invited.headers)).not.toContain(evaluationId);
      expect((await api.call('GET', `/evaluations/${evaluationId}`, invited.headers)).status).toBe(404);
      expect((await api.claim(invited.headers, evaluationId)).status).toBe(404);
      const remaining = (await api.call('GET', url, owner.headers)).body.map(
        (row: { email: string }) => row.email,
      );
      expect(remaining).toEqual(['newcomer@example.com']);
    }, 60_000);
  });
}
