import { z } from 'zod';
import { PROCESS_ROLES, type ProcessRole } from './app-config.js';

export function roleList(name: string) {
  return setting(new Set<ProcessRole>(PROCESS_ROLES), (raw, ctx): Set<ProcessRole> => {
    const roles = new Set<ProcessRole>();
    for (const part of raw.split(',').map((item) => item.trim())) {
      if (!(PROCESS_ROLES as readonly string[]).includes(part)) {
        return fail(
          ctx,
          `${name} must list roles from ${PROCESS_ROLES.join(', ')} (got ${JSON.stringify(part)})`,
        );
      }
      roles.add(part as ProcessRole);
    }
    return roles;
  });
}

export function originList(name: string) {
  return setting([], (raw, ctx): string[] => {
    const origins: string[] = [];
    for (const part of raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)) {
      const url = parseUrl(part);
      if (
        !url ||
        (url.protocol !== 'http:' && url.protocol !== 'https:') ||
        url.origin !== part.replace(/\/$/, '')
      ) {
        return fail(
          ctx,
          `${name} must list origins such as http://127.0.0.1:4010 (got ${JSON.stringify(part)})`,
        );
      }
      origins.push(url.origin);
    }
    return origins;
  });
}

export function keyBytes(name: string) {
  return setting(undefined, (raw, ctx): Buffer | undefined => {
    const key = Buffer.from(raw.trim(), 'base64');
    if (key.length === 32) return key;
    // The value is a secret: never echo it.
    return fail(ctx, `${name} must be 32 bytes written in base64`);
  });
}

// Each setting is a zod schema from `string | undefined` (undefined: not set) to its value, with
// messages written for the person editing the environment, not zod's generic ones.

/**
 * One setting's schema: an unset variable gives `fallback`, a set one goes through `parse`, which
 * reports a mistake with `fail`.
 */
export function setting<T, F>(fallback: F, parse: (raw: string, ctx: z.RefinementCtx) => T) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T | F => (raw === undefined ? fallback : parse(raw, ctx)));
}

export const fail = (ctx: z.RefinementCtx, message: string): never => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

export function oneOf<const T extends string>(name: string, values: readonly T[], fallback: T) {
  return setting(fallback, (raw, ctx): T => {
    const value = raw.trim();
    if ((values as readonly string[]).includes(value)) return value as T;
    return fail(ctx, `${name} must be one of ${values.join(', ')} (got ${JSON.stringify(raw)})`);
  });
}

export function wholeNumber(name: string, min: number, max: number, fallback: number) {
  return setting(fallback, (raw, ctx): number => {
    const value = raw.trim();
    const parsed = /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isSafeInteger(parsed) && parsed >= min && parsed <= max) return parsed;
    return fail(ctx, `${name} must be a whole number between ${min} and ${max} (got ${JSON.stringify(raw)})`);
  });
}

/** A percentage from 0 to 100 with at most two decimals (a tax rate such as 8.25). */
export function percent(name: string) {
  return setting(0, (raw, ctx): number => {
    const value = raw.trim();
    const parsed = /^\d{1,3}(\.\d{1,2})?$/.test(value) ? Number(value) : Number.NaN;
    if (parsed >= 0 && parsed <= 100) return parsed;
    return fail(
      ctx,
      `${name} must be a percentage from 0 to 100 with at most two decimals (got ${JSON.stringify(raw)})`,
    );
  });
}

export function text(name: string, fallback: string, pattern: RegExp, rule: string) {
  return setting(fallback, (raw, ctx): string => {
    const value = raw.trim();
    if (pattern.test(value)) return value;
    return fail(ctx, `${name} ${rule} (got ${JSON.stringify(raw)})`);
  });
}

/** A secret value: checked for length (and shape) but never echoed in a message. */
export function secret(name: string, minLength: number, pattern?: RegExp, rule?: string) {
  return setting(undefined, (raw, ctx): string | undefined => {
    const value = raw.trim();
    if (value.length < minLength) {
      return fail(ctx, `${name} must be at least ${minLength} characters long (got ${value.length})`);
    }
    if (pattern && !pattern.test(value))
      return fail(ctx, `${name} ${rule ?? 'is malformed'} (value not shown)`);
    return value;
  });
}

export function optionalText(name: string) {
  return setting(undefined, (raw, ctx): string | undefined => {
    const value = raw.trim();
    if (!/[\0\n]/.test(value)) return value;
    return fail(ctx, `${name} must be a single line of text`);
  });
}

export function httpUrl(name: string) {
  return setting(undefined, (raw, ctx): string | undefined => {
    const value = raw.trim();
    const url = parseUrl(value);
    if (url && (url.protocol === 'https:' || url.protocol === 'http:')) return value.replace(/\/+$/, '');
    return fail(ctx, `${name} must be an http:// or https:// URL (got ${JSON.stringify(raw)})`);
  });
}

export const ON_WORDS = ['true', '1', 'yes', 'on'];
export const OFF_WORDS = ['false', '0', 'no', 'off'];

export function onOff(name: string) {
  return setting(undefined, (raw, ctx): boolean | undefined => {
    const value = raw.trim().toLowerCase();
    if (ON_WORDS.includes(value)) return true;
    if (OFF_WORDS.includes(value)) return false;
    return fail(ctx, `${name} must be true or false (also 1/0, yes/no, on/off) (got ${JSON.stringify(raw)})`);
  });
}

/**
 * A URL of an external service. The value may carry a password, so a mistake is reported with the
 * password masked, and a value that is not a URL at all is not echoed.
 */
export function serviceUrl(
  name: string,
  protocols: readonly string[],
  options: { list: boolean; requireHost: boolean },
) {
  const expected = protocols.map((protocol) => `${protocol}//`).join(' or ');
  return setting(undefined, (raw, ctx): string | undefined => {
    const value = raw.trim();
    const parts = options.list ? value.split(',').map((part) => part.trim()) : [value];
    for (const part of parts) {
      const url = parseUrl(part);
      if (!url) return fail(ctx, `${name} must be a ${expected} URL (got a value that is not a URL)`);
      if (!protocols.includes(url.protocol)) {
        return fail(ctx, `${name} must be a ${expected} URL (got ${JSON.stringify(masked(part, url))})`);
      }
      if (options.requireHost && url.hostname === '') {
        return fail(
          ctx,
          `${name} must name a host, as in ${protocols[0]}//localhost:4222 (got ${JSON.stringify(masked(part, url))})`,
        );
      }
    }
    return value;
  });
}

export function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** The value as written, unless it carries a password. */
export function masked(value: string, url: URL): string {
  if (!url.password) return value;
  const copy = new URL(url.href);
  copy.password = '***';
  return copy.href;
}
