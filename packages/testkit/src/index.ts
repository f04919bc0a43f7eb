export { createTestDatabase, databaseKinds, type TestDatabase } from './test-database.js';
export { startSmtpSink, type SmtpSink, type ReceivedEmail } from './smtp-sink.js';
export {
  startStripeFake,
  signatureHeader,
  parseFormBody,
  type StripeFake,
  type StripeFakeOptions,
  type StripeFakeSwitches,
  type StripeObject,
  type WebhookTarget,
} from '@evalmarket/stripe-double';
export { startOidcProviderFake, type OidcProviderFake, type OidcFakeUser } from './oidc-provider-fake.js';
export {
  startLangfuseFake,
  type FakeScore,
  type FakeTrace,
  type LangfuseFake,
  type LangfuseFakeSwitches,
} from '@evalmarket/langfuse-double';
export { refuseFirstName, allowFirstName, REFUSED_FIRST_NAME, eventually } from './failing-projection.js';
