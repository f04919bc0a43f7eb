export { createTestDatabase, databaseKinds, type TestDatabase } from './test-database.js';
