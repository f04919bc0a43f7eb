import { REWARD_COMMAND_TYPES, REWARD_STREAM_PREFIX } from '@evalmarket/ledger';
import type { LedgerPacking } from '../src/index.js';

/** What the API's composition root gives its writer: the reward transfers are packed. */
export const REWARD_PACKING: LedgerPacking = {
  packedStreamPrefix: REWARD_STREAM_PREFIX,
  companionCommands: REWARD_COMMAND_TYPES,
};
