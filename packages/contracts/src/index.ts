export * from './money.js';
export * from './events.js';
export * from './ledger-events.js';
export * from './api.js';
export * from './evaluator-events.js';
export * from './evaluator-api.js';
export * from './user-admin-events.js';
export * from './analytics-api.js';
