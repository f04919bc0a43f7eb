import { MAX_UPLOAD_BATCH_ITEMS, MESSAGES } from '@evalmarket/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEvaluator } from './support/evaluators.js';
import { evaluationClient } from './support/evaluations.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';

type Runtime = Awaited<ReturnType<typeof startTestRuntime>>;

/**
 * A requester's items without the SDK: the create page's manual items are ingested, the owner
 * uploads more (CSV/JSONL rows), and reads them back with their votes, verdicts and comments.
 */
for (const mode of runtimeModes()) {
  describe(`evaluation items from the console: ${mode.name}`, () => {
    let runtime: Runtime;
    let api: ReturnType<typeof evaluationClient>;
    let owner: SignedIn;
    let stranger: SignedIn;
    let voters: SignedIn[];
    let evaluationId: string;

    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      api = evaluationClient(runtime);
      owner = await signIn(runtime, 'items-owner@example.com');
      stranger = await signIn(runtime, 'items-stranger@example.com');
      voters = [];
      for (const name of ['ann', 'bob']) {
        const person = await signIn(runtime, `items-${name}@example.com`);
        await makeEvaluator(runtime, person.userId, { status: 'verified' });
        voters.push(person);
      }
      const created = await api.createEvaluation(owner.headers, {
        input_configuration: { type: 'manual', items: ['  First question ', '', 'Second question'] },
        model_configuration: { type: 'gpt-4' },
      });
      expect(created.status).toBe(201);
      evaluationId = created.body.id;
    }, 120_000);
    afterAll(async () => {
      await runtime?.stop();
    });

    const items = (headers: Record<string, string>, query = '') =>
      api.call('GET', `/evaluations/${evaluationId}/items${query}`, headers);
    const upload = (headers: Record<string, string>, rows: unknown[]) =>
      api.call('POST', `/evaluations/${evaluationId}/items`, headers, { items: rows });

    it('ingests the manual items of the create page, with the model that produced them', async () => {
      const page = await items(owner.headers);
      expect(page.status).toBe(200);
      expect(page.body.items_total).toBe(2);
      expect(page.body.items.map((item: { input: unknown }) => item.input)).toEqual([
        'First question',
        'Second question',
      ]);
      expect(page.body.items[0]).toMatchObject({
        external_id: 'manual-1',
        source: 'manual',
        metadata: { model: 'gpt-4' },
        vote_count: 0,
        verdict: null,
        comments: [],
      });
      const metrics = await api.call('GET', `/evaluations/${evaluationId}/metrics`, owner.headers);
      expect(metrics.body.items_ingested).toBe(2);
      // Items exist, so the configuration is "not configured yet" (404), not "connect Langfuse".
      const config = await api.call('GET', `/projects/${evaluationId}/evaluation-config`, owner.headers);
      expect(config.status).toBe(404);
    });

    it('lets only the owner read or add items', async () => {
      expect((await items({})).status).toBe(401);
      expect((await items(stranger.headers)).status).toBe(403);
      expect((await upload(stranger.headers, [{ input: 'x' }])).status).toBe(403);
      expect((await upload({}, [{ input: 'x' }])).status).toBe(401);
      expect((await items(owner.headers)).body.items_total).toBe(2);
    });

    it('refuses malformed rows with a 422 naming the row, and adds nothing', async () => {
      const empty = await upload(owner.headers, [{ input: 'fine' }, { metadata: { a: 1 } }]);
      expect(empty.status).toBe(422);
      expect(empty.body.detail[0]).toMatchObject({
        loc: ['body', 'items', 1],
        msg: 'needs an input or an output',
      });
      const unknown = await upload(owner.headers, [{ input: 'fine', colour: 'red' }]);
      expect(unknown.status).toBe(422);
      const badId = await upload(owner.headers, [{ id: 'has space', input: 'x' }]);
      expect(badId.status).toBe(422);
      expect(badId.body.detail[0].loc).toEqual(['body', 'items', 0, 'id']);
      const big = await upload(owner.headers, [{ input: 'ok' }, { input: 'x'.repeat(30_000) }]);
      expect(big.status).toBe(422);
      expect(big.body.detail[0].loc).toEqual(['body', 'items', 1, 'input']);
      const many = await upload(
        owner.headers,
        Array.from({ length: MAX_UPLOAD_BATCH_ITEMS + 1 }, (_, i) => ({ input: `q${i}` })),
      );
      expect(many.status).toBe(422);
      expect((await upload(owner.headers, [])).status).toBe(422);
      expect((await items(owner.headers)).body.items_total).toBe(2);
    });

    it('adds uploaded rows once, named by id or by content, and pages them by cursor', async () => {
      const rows = [
        { id: 'row-1', input: 'Third question', output: 'An answer' },
        { input: { prompt: 'Fourth' }, output: 'Another answer', metadata: { lang: 'en' } },
        { input: 'Fifth question' },
      ];
      const first = await upload(owner.headers, rows);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ accepted: 3, duplicates: 0, items_total: 5 });
      const again = await upload(owner.headers, rows);
      expect(again.body).toMatchObject({ accepted: 0, duplicates: 3, items_total: 5 });
      expect(again.body.item_ids).toEqual(first.body.item_ids);

      const pageOne = await items(owner.headers, '?limit=3');
      expect(pageOne.body.items).toHaveLength(3);
      expect(pageOne.body.next_cursor).toEqual(expect.any(String));
      const pageTwo = await items(owner.headers, `?limit=3&cursor=${pageOne.body.next_cursor}`);
      expect(pageTwo.body.items.map((item: { external_id: string }) => item.external_id)).toEqual([
        expect.stringMatching(/^upload-/),
        expect.stringMatching(/^upload-/),
      ]);
      expect(pageTwo.body.next_cursor).toBeNull();
      expect(pageOne.body.items[2]).toMatchObject({ external_id: 'row-1', source: 'upload' });
      expect((await items(owner.headers, '?cursor=zzz')).status).toBe(422);
    });

    it('shows votes, the verdict once complete and the comments, never who voted', async () => {
      const configured = await api.configure(owner.headers, evaluationId, {
        permission_level: 'volunteer_only',
        votes_per_item: 2,
      });
      expect(configured.status).toBe(200);
      const verdicts = ['good', 'bad'] as const;
      for (const [index, voter] of voters.entries()) {
        const claim = await api.claim(voter.headers, evaluationId);
        expect(claim.status).toBe(201);
        expect(claim.body.input).toBe('First question');
        const vote = await api.vote(
          voter.headers,
          claim.body.assignment_id,
          verdicts[index]!,
          `note ${index}`,
        );
        expect(vote.status).toBe(201);
      }
      const page = await items(owner.headers, '?limit=1');
      expect(page.body.votes_per_item).toBe(2);
      expect(page.body.items[0]).toMatchObject({
        vote_count: 2,
        good_count: 1,
        bad_count: 1,
        verdict: 'tie',
        comments: [
          { vote: 'good', comment: 'note 0' },
          { vote: 'bad', comment: 'note 1' },
        ],
      });
      expect(JSON.stringify(page.body)).not.toContain(voters[0]!.userId);
    });

    it("shows each of the owner's evaluations with its progress", async () => {
      const mine = await api.call('GET', '/evaluations?public_only=false', owner.headers);
      const row = mine.body.find((evaluation: { id: string }) => evaluation.id === evaluationId);
      // Five items, two votes on the first (votes_per_item 2), so one complete.
      expect(row.progress).toEqual({ items_total: 5, items_complete: 1, votes_cast: 2 });
      const publicRow = (await api.call('GET', '/evaluations')).body.find(
        (evaluation: { id: string }) => evaluation.id === evaluationId,
      );
      expect(publicRow).toBeDefined();
      expect(publicRow.progress).toBeUndefined();
    });

    it('takes no items once archived', async () => {
      const other = await api.createEvaluation(owner.headers, { title: 'Soon archived' });
      await api.call('POST', `/evaluations/${other.body.id}/status`, owner.headers, { status: 'archived' });
      const refused = await api.call('POST', `/evaluations/${other.body.id}/items`, owner.headers, {
        items: [{ input: 'late' }],
      });
      expect(refused.status).toBe(409);
    });
  });

  describe(`the public list and titles: ${mode.name}`, () => {
    let runtime: Runtime;
    let api: ReturnType<typeof evaluationClient>;
    let owner: SignedIn;

    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      api = evaluationClient(runtime);
      owner = await signIn(runtime, 'list-owner@example.com');
    }, 120_000);
    afterAll(async () => {
      await runtime?.stop();
    });

    it('never lists public drafts, and finds words in titles and descriptions', async () => {
      await api.createEvaluation(owner.headers, { title: 'Public draft', status: 'draft' });
      await api.createEvaluation(owner.headers, { title: 'Translation quality', description: 'German' });
      await api.createEvaluation(owner.headers, {
        title: 'Support bot',
        description: 'Are answers 100% kind?',
      });
      const titles = async (query: string) =>
        ((await api.call('GET', `/evaluations${query}`)).body as Array<{ title: string }>).map(
          (e) => e.title,
        );
      expect(await titles('')).toEqual(['Support bot', 'Translation quality']);
      expect(await titles('?q=german')).toEqual(['Translation quality']);
      expect(await titles('?q=100%25')).toEqual(['Support bot']);
      expect(await titles('?q=_')).toEqual([]);
      expect(await titles('?limit=1&skip=1')).toEqual(['Translation quality']);
      const mine = await api.call('GET', '/evaluations?public_only=false', owner.headers);
      expect(mine.body.map((e: { title: string }) => e.title)).toContain('Public draft');
      expect((await api.call('GET', `/evaluations?q=${'x'.repeat(101)}`)).status).toBe(422);
    });

    it("says the title's limit in words, on create and on edit", async () => {
      const long = await api.createEvaluation(owner.headers, { title: 'x'.repeat(201) });
      expect(long.status).toBe(422);
      expect(long.body.detail[0]).toMatchObject({ loc: ['body', 'title'], msg: MESSAGES.titleTooLong });
      const created = await api.createEvaluation(owner.headers, { title: 'Short' });
      const edit = await api.call('PATCH', `/evaluations/${created.body.id}`, owner.headers, {
        title: 'y'.repeat(201),
      });
      expect(edit.status).toBe(422);
      expect(edit.body.detail[0].msg).toBe(MESSAGES.titleTooLong);
    });
  });
}
