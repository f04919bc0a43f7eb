// The staff API (services/api/src/admin): list rows, show replies and bodies, one file per resource.
export * from './users.js';
export * from './transactions.js';
export * from './events.js';
export * from './adjustments.js';
export * from './dashboard.js';
export * from './purchases.js';
export * from './cashouts.js';
export * from './evaluations.js';
export * from './statements.js';
export * from './ledger.js';
