export * from './money.js';
export * from './events.js';
export * from './ledger-events.js';
export * from './api.js';
export * from './evaluator-events.js';
export * from './evaluations.js';
