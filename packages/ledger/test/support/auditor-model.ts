/**
 * A tiny, independent model of the ledger for the property tests (TigerBeetle's auditor idea).
 *
 * Written from the README, not from src/: its own id and amount rules, its own fee arithmetic,
 * balance moves spelled out per command instead of postings by phase. Where it agrees with
 * decide + evolve after every step of a random run, both are likely right.
 */

const MAX = Number.MAX_SAFE_INTEGER;
const PLATFORM = [
  'platform:stripe',
  'platform:promotions',
  'platform:fees',
  'platform:payouts',
  'platform:adjustments',
];
const WEEK_MS = 604_800_000;

export interface ModelBook {
  debits_pending: number;
  debits_posted: number;
  credits_pending: number;
  credits_posted: number;
}

export type ModelOutcome =
  { kind: 'applied'; released: string[] } | { kind: 'duplicate' } | { kind: 'rejected'; rejection: string };

interface ModelReward {
  requester: string;
  evaluator: string;
  credits: number;
  item: unknown;
  expiresMs: number;
  order: number;
  state: 'pending' | 'posted' | 'voided';
  vote?: string;
  why?: string;
}

interface ModelCashout {
  user: string;
  gross: number;
  fee: number;
  state: 'pending' | 'paid' | 'failed';
  stripe?: string;
  why?: string;
}

type Fields = Record<string, unknown>;

function goodId(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 128) return false;
  for (const char of value) {
    const ok = (char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z') || (char >= '0' && char <= '9');
    if (!ok && !(char === '_' || char === '.' || char === '-')) return false;
  }
  return !'_.-'.includes(value.charAt(0));
}

function whole(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.floor(value) === value;
}

/** null when fine, else the rule broken (integer, positive, maximum). */
function amountRule(value: unknown): string | null {
  if (!whole(value)) return 'amount_must_be_integer';
  if (value < 1) return 'amount_must_be_positive';
  if (value > MAX) return 'amount_exceeds_maximum';
  return null;
}

const RULE_ORDER = ['amount_must_be_integer', 'amount_must_be_positive', 'amount_exceeds_maximum'];

function rejected(rejection: string): ModelOutcome {
  return { kind: 'rejected', rejection };
}
const DUPLICATE: ModelOutcome = { kind: 'duplicate' };
const APPLIED: ModelOutcome = { kind: 'applied', released: [] };

export class AuditorModel {
  readonly books = new Map<string, ModelBook>();
  private readonly opened = new Set<unknown>();
  private readonly bonused = new Set<unknown>();
  private readonly purchases = new Map<unknown, { user: unknown; usd: unknown }>();
  private readonly rewards = new Map<unknown, ModelReward>();
  private readonly cashouts = new Map<unknown, ModelCashout>();
  private readonly adjustments = new Map<unknown, Fields>();
  private rewardsSoFar = 0;

  constructor() {
    for (const id of PLATFORM)
      this.books.set(id, { debits_pending: 0, debits_posted: 0, credits_pending: 0, credits_posted: 0 });
  }

  run(command: { type: string; data: Fields }, nowMs: number): ModelOutcome {
    const d = command.data;
    switch (command.type) {
      case 'OpenUserAccounts':
        return this.open(d);
      case 'PurchaseCredits':
        return this.purchase(d);
      case 'GrantBonus':
        return this.bonus(d);
      case 'ReserveReward':
        return this.reserve(d, nowMs);
      case 'PostReward':
        return this.post(d, nowMs);
      case 'ReleaseReward':
        return this.release(d);
      case 'ExpireRewards':
        return this.expire(d, nowMs);
      case 'RequestCashout':
        return this.cashout(d);
      case 'MarkCashoutPaid':
        return this.paid(d);
      case 'MarkCashoutFailed':
        return this.failed(d);
      case 'AdjustCredits':
        return this.adjust(d);
      default:
        return rejected('unknown_command');
    }
  }

  /** Independent invariants over the model's own books: (1) sums are zero, (2) no user below zero. */
  problems(): string[] {
    const found: string[] = [];
    let posted = 0n;
    let pending = 0n;
    for (const [id, book] of this.books) {
      posted += BigInt(book.credits_posted) - BigInt(book.debits_posted);
      pending += BigInt(book.credits_pending) - BigInt(book.debits_pending);
      if (!id.startsWith('platform:') && book.credits_posted - book.debits_posted - book.debits_pending < 0) {
        found.push(`${id} is below zero`);
      }
    }
    if (posted !== 0n) found.push(`posted sum ${posted}`);
    if (pending !== 0n) found.push(`pending sum ${pending}`);
    return found;
  }

  private book(id: string): ModelBook {
    const found = this.books.get(id);
    if (!found) throw new Error(`model: no book ${id}`);
    return found;
  }

  private open(d: Fields): ModelOutcome {
    if (this.opened.has(d.user_id)) return DUPLICATE;
    if (!goodId(d.user_id)) return rejected('invalid_id');
    this.opened.add(d.user_id);
    for (const prefix of ['spending:', 'earning:']) {
      this.books.set(prefix + d.user_id, {
        debits_pending: 0,
        debits_posted: 0,
        credits_pending: 0,
        credits_posted: 0,
      });
    }
    return APPLIED;
  }

  private purchase(d: Fields): ModelOutcome {
    const known = this.purchases.get(d.purchase_id);
    if (known)
      return known.user === d.user_id && known.usd === d.amount_usd
        ? DUPLICATE
        : rejected('idempotency_key_reused_with_different_payload');
    if (!goodId(d.purchase_id) || !goodId(d.user_id)) return rejected('invalid_id');
    const rule = amountRule(d.amount_usd);
    if (rule) return rejected(rule);
    const usd = d.amount_usd as number;
    if (usd * 1000 > MAX) return rejected('amount_exceeds_maximum');
    if (!this.opened.has(d.user_id)) return rejected('unknown_account');
    if (usd < 50) return rejected('purchase_below_minimum');
    const stripe = this.book('platform:stripe');
    const spending = this.book(`spending:${d.user_id}`);
    if (stripe.debits_posted + usd * 1000 > MAX || spending.credits_posted + usd * 1000 > MAX) {
      return rejected('balance_overflow');
    }
    stripe.debits_posted += usd * 1000;
    spending.credits_posted += usd * 1000;
    this.purchases.set(d.purchase_id, { user: d.user_id, usd });
    return APPLIED;
  }

  private bonus(d: Fields): ModelOutcome {
    if (this.bonused.has(d.user_id)) return DUPLICATE;
    if (!goodId(d.user_id)) return rejected('invalid_id');
    if (!this.opened.has(d.user_id)) return rejected('unknown_account');
    const promotions = this.book('platform:promotions');
    const spending = this.book(`spending:${d.user_id}`);
    if (promotions.debits_posted + 5000 > MAX || spending.credits_posted + 5000 > MAX)
      return rejected('balance_overflow');
    promotions.debits_posted += 5000;
    spending.credits_posted += 5000;
    this.bonused.add(d.user_id);
    return APPLIED;
  }

  private reserve(d: Fields, nowMs: number): ModelOutcome {
    const known = this.rewards.get(d.transfer_id);
    if (known) {
      const same =
        known.requester === d.requester_id &&
        known.evaluator === d.evaluator_id &&
        known.credits === d.credits &&
        known.item === d.item_id;
      return same ? DUPLICATE : rejected('idempotency_key_reused_with_different_payload');
    }
    if (!goodId(d.transfer_id) || !goodId(d.requester_id) || !goodId(d.evaluator_id))
      return rejected('invalid_id');
    if (d.item_id !== undefined && !goodId(d.item_id)) return rejected('invalid_id');
    const rule = amountRule(d.credits);
    if (rule) return rejected(rule);
    if (!whole(d.timeout_ms) || d.timeout_ms < 1 || d.timeout_ms > WEEK_MS)
      return rejected('limit_out_of_range');
    if (!this.opened.has(d.requester_id) || !this.opened.has(d.evaluator_id))
      return rejected('unknown_account');
    if (d.requester_id === d.evaluator_id) return rejected('same_account');
    const credits = d.credits as number;
    const from = this.book(`spending:${d.requester_id}`);
    const to = this.book(`earning:${d.evaluator_id}`);
    if (from.debits_pending + credits > MAX || to.credits_pending + credits > MAX)
      return rejected('balance_overflow');
    if (from.credits_posted - from.debits_posted - from.debits_pending < credits)
      return rejected('insufficient_credits');
    from.debits_pending += credits;
    to.credits_pending += credits;
    this.rewards.set(d.transfer_id, {
      requester: d.requester_id,
      evaluator: d.evaluator_id,
      credits,
      item: d.item_id,
      expiresMs: nowMs + d.timeout_ms,
      order: this.rewardsSoFar++,
      state: 'pending',
    });
    return APPLIED;
  }

  private post(d: Fields, nowMs: number): ModelOutcome {
    const reward = this.rewards.get(d.transfer_id);
    if (reward && reward.state === 'posted' && reward.vote === d.vote_id) return DUPLICATE;
    if (!goodId(d.transfer_id) || !goodId(d.vote_id)) return rejected('invalid_id');
    if (!reward) return rejected('transfer_not_found');
    if (reward.state === 'posted') return rejected('transfer_already_posted');
    if (reward.state === 'voided') return rejected('transfer_already_voided');
    if (nowMs >= reward.expiresMs) return rejected('transfer_expired');
    const from = this.book(`spending:${reward.requester}`);
    const to = this.book(`earning:${reward.evaluator}`);
    if (from.debits_posted + reward.credits > MAX || to.credits_posted + reward.credits > MAX) {
      return rejected('balance_overflow');
    }
    from.debits_pending -= reward.credits;
    from.debits_posted += reward.credits;
    to.credits_pending -= reward.credits;
    to.credits_posted += reward.credits;
    reward.state = 'posted';
    reward.vote = d.vote_id;
    return APPLIED;
  }

  private release(d: Fields): ModelOutcome {
    const reward = this.rewards.get(d.transfer_id);
    if (reward && reward.state === 'voided' && reward.why === d.reason) return DUPLICATE;
    if (!goodId(d.transfer_id)) return rejected('invalid_id');
    if (d.reason !== 'skipped' && d.reason !== 'cancelled') return rejected('reason_required');
    if (!reward) return rejected('transfer_not_found');
    if (reward.state === 'posted') return rejected('transfer_already_posted');
    if (reward.state === 'voided') return rejected('transfer_already_voided');
    this.voidReward(reward, d.reason);
    return APPLIED;
  }

  private expire(d: Fields, nowMs: number): ModelOutcome {
    if (!whole(d.max_count) || d.max_count < 1 || d.max_count > 1000) return rejected('limit_out_of_range');
    const due = [...this.rewards.entries()]
      .filter(([, reward]) => reward.state === 'pending' && reward.expiresMs <= nowMs)
      .sort(([, a], [, b]) => a.expiresMs - b.expiresMs || a.order - b.order)
      .slice(0, d.max_count);
    for (const [, reward] of due) this.voidReward(reward, 'expired');
    return { kind: 'applied', released: due.map(([id]) => String(id)) };
  }

  private voidReward(reward: ModelReward, why: string): void {
    this.book(`spending:${reward.requester}`).debits_pending -= reward.credits;
    this.book(`earning:${reward.evaluator}`).credits_pending -= reward.credits;
    reward.state = 'voided';
    reward.why = why;
  }

  private cashout(d: Fields): ModelOutcome {
    const known = this.cashouts.get(d.cashout_id);
    if (known) {
      return known.user === d.user_id && known.gross === d.gross_credits
        ? DUPLICATE
        : rejected('idempotency_key_reused_with_different_payload');
    }
    if (!goodId(d.cashout_id) || !goodId(d.user_id)) return rejected('invalid_id');
    const rules = [amountRule(d.gross_credits), amountRule(d.minimum_cashout_credits)].filter(
      (r) => r !== null,
    );
    if (rules.length > 0)
      return rejected(rules.sort((a, b) => RULE_ORDER.indexOf(a) - RULE_ORDER.indexOf(b))[0]!);
    if (!this.opened.has(d.user_id)) return rejected('unknown_account');
    const gross = d.gross_credits as number;
    if (gross % 10 !== 0) return rejected('cashout_not_whole_cents');
    if (gross < (d.minimum_cashout_credits as number)) return rejected('cashout_below_minimum');
    const earning = this.book(`earning:${d.user_id}`);
    const payouts = this.book('platform:payouts');
    if (earning.debits_pending + gross > MAX || payouts.credits_pending + gross > MAX)
      return rejected('balance_overflow');
    if (earning.credits_posted - earning.debits_posted - earning.debits_pending < gross) {
      return rejected('insufficient_credits');
    }
    earning.debits_pending += gross;
    payouts.credits_pending += gross;
    // 10% of the gross in cents, half up: tenths of a cent >= 5 round up.
    const cents = BigInt(gross / 10);
    const fee = Number((cents / 10n + (cents % 10n >= 5n ? 1n : 0n)) * 10n);
    this.cashouts.set(d.cashout_id, { user: d.user_id as string, gross, fee, state: 'pending' });
    return APPLIED;
  }

  private paid(d: Fields): ModelOutcome {
    const cashout = this.cashouts.get(d.cashout_id);
    if (cashout && cashout.state === 'paid' && cashout.stripe === d.stripe_transfer_id) return DUPLICATE;
    if (!goodId(d.cashout_id) || !goodId(d.stripe_transfer_id)) return rejected('invalid_id');
    if (!cashout) return rejected('cashout_not_found');
    if (cashout.state !== 'pending') return rejected('cashout_already_settled');
    const earning = this.book(`earning:${cashout.user}`);
    const payouts = this.book('platform:payouts');
    const fees = this.book('platform:fees');
    if (
      earning.debits_posted + cashout.gross > MAX ||
      payouts.credits_posted + cashout.gross > MAX ||
      payouts.debits_posted + cashout.fee > MAX ||
      fees.credits_posted + cashout.fee > MAX
    ) {
      return rejected('balance_overflow');
    }
    earning.debits_pending -= cashout.gross;
    earning.debits_posted += cashout.gross;
    payouts.credits_pending -= cashout.gross;
    payouts.credits_posted += cashout.gross;
    payouts.debits_posted += cashout.fee;
    fees.credits_posted += cashout.fee;
    cashout.state = 'paid';
    cashout.stripe = d.stripe_transfer_id;
    return APPLIED;
  }

  private failed(d: Fields): ModelOutcome {
    const cashout = this.cashouts.get(d.cashout_id);
    const why = typeof d.reason === 'string' ? d.reason.trim() : undefined;
    if (cashout && cashout.state === 'failed' && cashout.why === why) return DUPLICATE;
    if (!goodId(d.cashout_id)) return rejected('invalid_id');
    if (why === undefined || why === '') return rejected('reason_required');
    if (why.length > 500) return rejected('reason_too_long');
    if (!cashout) return rejected('cashout_not_found');
    if (cashout.state !== 'pending') return rejected('cashout_already_settled');
    this.book(`earning:${cashout.user}`).debits_pending -= cashout.gross;
    this.book('platform:payouts').credits_pending -= cashout.gross;
    cashout.state = 'failed';
    cashout.why = why;
    return APPLIED;
  }

  private adjust(d: Fields): ModelOutcome {
    const why = typeof d.reason === 'string' ? d.reason.trim() : d.reason;
    const known = this.adjustments.get(d.adjustment_id);
    if (known) {
      const same =
        known.user_id === d.user_id &&
        known.context === d.context &&
        known.amount_credits === d.amount_credits &&
        known.reason === why &&
        known.actor_id === d.actor_id;
      return same ? DUPLICATE : rejected('idempotency_key_reused_with_different_payload');
    }
    if (!goodId(d.adjustment_id) || !goodId(d.user_id) || !goodId(d.actor_id)) return rejected('invalid_id');
    if (!whole(d.amount_credits)) return rejected('amount_must_be_integer');
    if (d.amount_credits === 0) return rejected('amount_must_be_positive');
    if (Math.abs(d.amount_credits) > MAX) return rejected('amount_exceeds_maximum');
    if (typeof why !== 'string' || why === '') return rejected('reason_required');
    if (why.length > 500) return rejected('reason_too_long');
    if ((d.context !== 'spending' && d.context !== 'earning') || !this.opened.has(d.user_id)) {
      return rejected('unknown_account');
    }
    const size = Math.abs(d.amount_credits);
    const person = this.book(`${d.context}:${d.user_id}`);
    const platform = this.book('platform:adjustments');
    if (d.amount_credits > 0) {
      if (platform.debits_posted + size > MAX || person.credits_posted + size > MAX)
        return rejected('balance_overflow');
      platform.debits_posted += size;
      person.credits_posted += size;
    } else {
      if (person.debits_posted + size > MAX || platform.credits_posted + size > MAX)
        return rejected('balance_overflow');
      if (person.credits_posted - person.debits_posted - person.debits_pending < size) {
        return rejected('insufficient_credits');
      }
      person.debits_posted += size;
      platform.credits_posted += size;
    }
    this.adjustments.set(d.adjustment_id, { ...d, reason: why });
    return APPLIED;
  }
}
