import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEvaluator } from './support/evaluators.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn } from './support/sign-in.js';

for (const mode of runtimeModes()) {
  describe(`domain projection: ${mode.name}`, () => {
    let runtime: Awaited<ReturnType<typeof startTestRuntime>>;
    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
    });
    afterAll(async () => {
      await runtime?.stop();
    });

    it('projects an application and its review, opening the sealed personal data', async () => {
      const person = await signIn(runtime, 'ada@example.com');
      await makeEvaluator(runtime, person.userId, { tier: 'expert' });
      const { rows } = await runtime.sql.query<{
        evaluator_status: string;
        qualification_tier: string;
        application_data: { indeed_url: string };
      }>('SELECT * FROM evaluator_applications WHERE user_id = $1', [person.userId]);
      expect(rows[0]).toMatchObject({
        evaluator_status: 'verified',
        qualification_tier: 'expert',
        application_data: { indeed_url: 'https://www.indeed.com/r/test' },
      });
      const roles = await runtime.sql.query<{ roles: string[] }>('SELECT roles FROM users WHERE id = $1', [
        person.userId,
      ]);
      expect(roles.rows[0]!.roles).toEqual(['requester', 'expert']);
      const events = await runtime.store.readStream(`evaluator-${person.userId}`);
      expect(JSON.stringify(events.map((event) => event.data))).not.toContain('indeed.com');
    });
  });
}
