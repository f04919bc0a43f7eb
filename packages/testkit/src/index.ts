export { createTestDatabase, databaseKinds, type TestDatabase } from './test-database.js';
export { startLangfuseFake, type LangfuseFake, type FakeTrace, type FakeScore } from './langfuse-fake.js';
