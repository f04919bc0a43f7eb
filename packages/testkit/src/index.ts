export { createTestDatabase, databaseKinds, type TestDatabase } from './test-database.js';
export { startOidcProviderFake, type OidcProviderFake, type OidcFakeUser } from './oidc-provider-fake.js';
