import { expect } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';

/** The problems loadConfig reports for `env`, one line each (fails if it accepts it). */
export function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}
