// First: settles how zod validates in a browser before any schema is built (see strict-csp.ts).
import './strict-csp.js';
export * from './money.js';
export * from './events.js';
export * from './ledger-events.js';
export * from './api.js';
export * from './evaluator-events.js';
export * from './identity.js';
export * from './wallet-payments.js';
export * from './evaluator-api.js';
export * from './own-votes.js';
export * from './user-admin-events.js';
export * from './analytics-api.js';
export * from './evaluations.js';
export * from './create-evaluation-check.js';
export * from './evaluation-invitations.js';
export * from './text.js';
export * from './formats.js';
export * from './staff/index.js';
