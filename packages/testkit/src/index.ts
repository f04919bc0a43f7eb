export { createTestDatabase, databaseKinds, type TestDatabase } from './test-database.js';
export { startSmtpSink, type SmtpSink, type ReceivedEmail } from './smtp-sink.js';
