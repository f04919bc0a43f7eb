export {
  startLangfuseFake,
  type FakeScore,
  type FakeTrace,
  type LangfuseFake,
  type LangfuseFakeOptions,
  type LangfuseFakeSwitches,
  type LangfuseRequestLog,
} from './langfuse-double.js';
