import { rejected, type Decision } from './decision.js';
import { decideAdjustCredits } from './decide-adjust-credits.js';
import { decideMarkCashoutFailed, decideMarkCashoutPaid, decideRequestCashout } from './decide-cashout.js';
import { decideReverseCashout } from './decide-reverse-cashout.js';
import { decidePurchaseCredits } from './decide-purchase-credits.js';
import { decideReinstateRefund, decideRefundPurchase } from './decide-refund-purchase.js';
import {
  decideExpireRewards,
  decidePostReward,
  decideReleaseReward,
  decideReserveReward,
} from './decide-reward.js';
import { decideGrantBonus, decideOpenUserAccounts } from './decide-user-accounts.js';
import { describeValue, isTimestampMs } from './input-checks.js';
import type { DecideMetadata, LedgerCommand } from './ledger-command.js';
import type { LedgerState } from './ledger-state.js';

/**
 * Turns one command into the events that record it, or a named rejection. Pure: reads `state`,
 * never changes it (apply the events with `evolve`), reads no clock (time is `metadata.now`),
 * and never throws, whatever the command holds.
 *
 * Idempotency by natural id: re-deciding a command whose entity already holds the same payload
 * is `{ ok: true, duplicate: true, events: [] }`; the same id with another payload is
 * `idempotency_key_reused_with_different_payload`. Checks run in LEDGER_REJECTIONS order.
 */
export function decide(state: LedgerState, command: LedgerCommand, metadata: DecideMetadata): Decision {
  // Commands cross a trust boundary (HTTP, webhooks): check the envelope before reading fields.
  if (!isObject(command) || !isObject(command.data)) {
    return rejected('unknown_command', 'A ledger command is an object { type, data }');
  }
  const nowMs = isObject(metadata) ? metadata.now : undefined;
  if (!isTimestampMs(nowMs)) {
    return rejected('invalid_timestamp', `metadata.now ${describeValue(nowMs)} is not epoch milliseconds`);
  }
  switch (command.type) {
    case 'OpenUserAccounts':
      return decideOpenUserAccounts(state, command);
    case 'PurchaseCredits':
      return decidePurchaseCredits(state, command);
    case 'RefundPurchase':
      return decideRefundPurchase(state, command);
    case 'ReinstateRefund':
      return decideReinstateRefund(state, command);
    case 'GrantBonus':
      return decideGrantBonus(state, command);
    case 'ReserveReward':
      return decideReserveReward(state, command, nowMs);
    case 'PostReward':
      return decidePostReward(state, command, nowMs);
    case 'ReleaseReward':
      return decideReleaseReward(state, command);
    case 'ExpireRewards':
      return decideExpireRewards(state, command, nowMs);
    case 'RequestCashout':
      return decideRequestCashout(state, command);
    case 'MarkCashoutPaid':
      return decideMarkCashoutPaid(state, command);
    case 'MarkCashoutFailed':
      return decideMarkCashoutFailed(state, command);
    case 'ReverseCashout':
      return decideReverseCashout(state, command);
    case 'AdjustCredits':
      return decideAdjustCredits(state, command);
    default: {
      const unknownCommand: never = command;
      return rejected(
        'unknown_command',
        `${describeValue((unknownCommand as { type?: unknown }).type)} is not a ledger command`,
      );
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
