import type { TEvaluationConfig, TPermissionLevel } from '@evalmarket/contracts';
import type { ApiError } from '../../../api/client';
import { getEvaluationConfig } from '../../../api/evaluation-config';
import { useLoad } from '../../../api/useLoad';
import { getBalance } from '../../../api/wallet';

/**
 * What evaluating every item will cost: items × votes per item × rate. Volunteers are unpaid, so
 * a level that admits them can cost less; the range runs from the cheapest to the dearest voter.
 */
export function launchCost(options: {
  items: number;
  votesPerItem: number;
  level: TPermissionLevel;
  communityRate: number;
  expertRate: number;
}): { votes: number; minCredits: number; maxCredits: number } | undefined {
  const { items, votesPerItem, level, communityRate, expertRate } = options;
  if (level === 'disabled') return undefined;
  const votes = items * votesPerItem;
  if (level === 'volunteer_only') return { votes, minCredits: 0, maxCredits: 0 };
  const dearest = Math.max(communityRate, expertRate);
  const cheapest = level === 'both' ? 0 : Math.min(communityRate, expertRate);
  return { votes, minCredits: votes * cheapest, maxCredits: votes * dearest };
}

const credits = (value: number) => `${value.toLocaleString('en-US')} credits`;
const dollars = (value: number) => `$${(value / 1000).toFixed(2)}`;

/** The cost preview before launch, against the owner's spending balance. */
export function LaunchCostPreview({
  evaluationId,
  items,
  reloadKey,
}: {
  evaluationId: string;
  items: number;
  reloadKey: number;
}) {
  const { data: loaded, error } = useLoad(
    (signal) =>
      Promise.all([
        getEvaluationConfig(evaluationId, signal).then(
          (reply): TEvaluationConfig | null => reply.data,
          (failure: ApiError) => {
            // Not configured yet (404), or no item source (400): nothing to price yet.
            if (failure.status === 404 || failure.status === 400) return null;
            throw failure;
          },
        ),
        getBalance(signal),
      ]),
    [evaluationId, reloadKey],
    { failure: (failure) => failure.message },
  );

  if (error)
    return (
      <p className="form-error" role="alert">
        Cost preview unavailable: {error}
      </p>
    );
  if (!loaded) return <p className="muted">Loading cost preview...</p>;
  const [config, { credits_balance: balance }] = loaded;
  const cost = config
    ? launchCost({
        items,
        votesPerItem: config.votes_per_item,
        level: config.permission_level,
        communityRate: config.credit_rates.community_rate,
        expertRate: config.credit_rates.expert_rate,
      })
    : undefined;

  return (
    <div className="cost-preview" aria-label="Cost preview">
      <h3>Cost preview</h3>
      {!cost ? (
        <p className="muted">
          Choose who evaluates in the Human Evaluation Configuration below to see what evaluating these items
          costs.
        </p>
      ) : (
        <>
          <p data-testid="cost-formula">
            {items.toLocaleString('en-US')} items × {config!.votes_per_item} votes per item ={' '}
            {cost.votes.toLocaleString('en-US')} votes
          </p>
          <p data-testid="cost-total">
            <strong>
              {cost.minCredits === cost.maxCredits
                ? `${credits(cost.maxCredits)} (${dollars(cost.maxCredits)})`
                : `${credits(cost.minCredits)} to ${credits(cost.maxCredits)} (${dollars(cost.minCredits)} to ${dollars(cost.maxCredits)})`}
            </strong>
          </p>
          <p>Your balance: {credits(balance)}</p>
          {cost.maxCredits > balance ? (
            <p className="notice-yellow" role="status">
              Short by up to {credits(cost.maxCredits - balance)}: evaluators stop claiming items when the
              balance cannot pay the next vote.
            </p>
          ) : (
            <p className="status-ok">Your balance covers every item.</p>
          )}
        </>
      )}
    </div>
  );
}
