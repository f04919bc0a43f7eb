/**
 * Load through a load balancer as clients that retry do: each client sends one request at a
 * time, each command with an Idempotency-Key of its own; a request that fails in a way a retry
 * can cure (503 during a fail-over, a dropped connection, a replica killed under it) is sent
 * again with the same key until it is acknowledged. What was acknowledged is kept, to be checked
 * against the log afterwards. Two loads: money grants, and the evaluation loop (claim, vote).
 */

export interface LoadPerson {
  userId: string;
  authorization: string;
}

export interface Acknowledged {
  /** The grant's adjustment id, or the voted assignment's id. */
  id: string;
  userId: string;
  amount: number;
  /** When the first attempt was sent and when the acknowledgement came (Date.now()). */
  sentAt: number;
  ackedAt: number;
}

export interface Load {
  acknowledged: Acknowledged[];
  /** Failed attempts by status (0: no reply), all later retried. */
  failedAttempts: Map<number, number>;
  /** The first acknowledgement of a command first sent at or after `time`. */
  firstAcceptedSentAfter(time: number): Acknowledged | undefined;
  /** Ends the loops after their current command; rejects if a command could not be completed. */
  stop(): Promise<void>;
}

const RETRY_PAUSE_MS = 50;
/**
 * A command not acknowledged within this long fails the load. A request whose replica died under
 * it leaves its Idempotency-Key claimed (409 request_in_progress) for the idempotency plugin's
 * in-progress timeout (60 s), so a retrying client may wait that long.
 */
const GIVE_UP_MS = 75_000;

interface Reply {
  status: number;
  json: Record<string, unknown>;
  sentAt: number;
}

/** POSTs until the reply is not one a retry can cure; returns it. */
export async function postUntilAnswered(
  url: string,
  authorization: string,
  body: unknown,
  key: string,
  failedAttempts: Map<number, number>,
): Promise<Reply> {
  const sentAt = Date.now();
  const history: string[] = [];
  for (;;) {
    const reply = await fetch(url, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    }).catch(() => undefined);
    const text = (await reply?.text().catch(() => '')) ?? '';
    const status = reply?.status ?? 0;
    const curable = status === 0 || status >= 500 || status === 409 || status === 429;
    if (!curable) return { status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, sentAt };
    failedAttempts.set(status, (failedAttempts.get(status) ?? 0) + 1);
    if (history.at(-1)?.startsWith(`${status} `) !== true)
      history.push(`${status} at +${Date.now() - sentAt} ms ${text.slice(0, 200)}`);
    if (Date.now() - sentAt > GIVE_UP_MS)
      throw new Error(
        `${url} (${key}) not answered in ${GIVE_UP_MS} ms; replies:\n  ${history.join('\n  ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
  }
}

/** Runs `step(person, index, n)` for every person in a loop until stopped or a step says done. */
export function runLoad(
  people: readonly LoadPerson[],
  step: (person: LoadPerson, index: number, n: number, load: Load) => Promise<'more' | 'done'>,
): Load {
  let running = true;
  const load: Load = {
    acknowledged: [],
    failedAttempts: new Map(),
    firstAcceptedSentAfter: (time) =>
      load.acknowledged.filter((ack) => ack.sentAt >= time).sort((a, b) => a.ackedAt - b.ackedAt)[0],
    async stop() {
      running = false;
      await done;
    },
  };
  const done = Promise.all(
    people.map(async (person, index) => {
      for (let n = 0; running; n += 1) if ((await step(person, index, n, load)) === 'done') return;
    }),
  );
  // Failures surface in stop(); until then keep the rejection from going unhandled.
  done.catch(() => undefined);
  return load;
}

/** Each person grants themselves `amount` credits again and again (POST /dev/grant-credits). */
export function startGrantLoad(baseUrl: string, people: readonly LoadPerson[], amount = 100): Load {
  return runLoad(people, async (person, index, n, load) => {
    const key = `grant-${index}-${n}`;
    const url = `${baseUrl}/api/v1/dev/grant-credits`;
    const reply = await postUntilAnswered(
      url,
      person.authorization,
      { amount_credits: amount },
      key,
      load.failedAttempts,
    );
    if (reply.status !== 201) throw new Error(`grant ${key}: ${reply.status} ${JSON.stringify(reply.json)}`);
    const id = String(reply.json.adjustment_id);
    load.acknowledged.push({ id, userId: person.userId, amount, sentAt: reply.sentAt, ackedAt: Date.now() });
    return 'more';
  });
}

/**
 * Each evaluator claims an item of the evaluation and votes on it, until nothing is left to
 * claim (404). Acknowledged are the votes (id: the assignment).
 */
export function startVoteLoad(
  baseUrl: string,
  evaluators: readonly LoadPerson[],
  evaluationId: string,
): Load {
  return runLoad(evaluators, async (person, index, n, load) => {
    const claimUrl = `${baseUrl}/api/v1/evaluator/assignments`;
    const claim = await postUntilAnswered(
      claimUrl,
      person.authorization,
      { evaluation_id: evaluationId },
      `claim-${index}-${n}`,
      load.failedAttempts,
    );
    if (claim.status === 404) return 'done';
    if (claim.status !== 201) throw new Error(`claim: ${claim.status} ${JSON.stringify(claim.json)}`);
    const assignmentId = String(claim.json.assignment_id);
    const vote = await postUntilAnswered(
      `${claimUrl}/${assignmentId}/vote`,
      person.authorization,
      { vote: n % 2 === 0 ? 'good' : 'bad' },
      `vote-${index}-${n}`,
      load.failedAttempts,
    );
    if (vote.status !== 201) throw new Error(`vote: ${vote.status} ${JSON.stringify(vote.json)}`);
    load.acknowledged.push({
      id: assignmentId,
      userId: person.userId,
      amount: 0,
      sentAt: vote.sentAt,
      ackedAt: Date.now(),
    });
    return 'more';
  });
}
