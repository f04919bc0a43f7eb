import { findUnstorableText, UNSTORABLE_TEXT_ISSUE, UNSTORABLE_TEXT_MESSAGES } from '@evalmarket/contracts';
import type { FastifyInstance, preValidationHookHandler, RouteOptions } from 'fastify';
import { ValidationError, type ValidationIssue } from './errors.js';

/** The parts of a request the text rule reads, and the name each has in a 422's `loc`. */
const CHECKED_PARTS = [
  ['path', (request) => request.params],
  ['query', (request) => request.query],
  ['body', (request) => request.body],
] as const satisfies ReadonlyArray<
  readonly [string, (request: Parameters<preValidationHookHandler>[0]) => unknown]
>;

/** 422 naming every field of `value` (found under `location`) that PostgreSQL could not store, if any. */
export function unstorableTextError(
  value: unknown,
  location: Array<string | number>,
): ValidationError | undefined {
  const findings = findUnstorableText(value);
  if (findings.length === 0) return undefined;
  return new ValidationError(
    findings.map((finding): ValidationIssue => ({
      loc: [...location, ...finding.path],
      msg: UNSTORABLE_TEXT_MESSAGES[finding.reason],
      type: UNSTORABLE_TEXT_ISSUE,
    })),
  );
}

/**
 * Refuses, with a 422 naming the field, any path parameter, query value, body string or key that
 * PostgreSQL text or jsonb cannot hold (the shared rule of `@evalmarket/contracts`), before the
 * route's schema or handler sees it: a route added tomorrow is covered without doing anything.
 * Multipart parts are read by their route, which checks their names and fields itself.
 */
const refuseUnstorableText: preValidationHookHandler = async (request) => {
  for (const [location, read] of CHECKED_PARTS) {
    const error = unstorableTextError(read(request), [location]);
    if (error) throw error;
  }
};

/**
 * Adds the text rule to every route registered after this call. It runs as a route-level hook,
 * after the instance-level ones, so a signed-out request still gets its 401 first.
 */
export function installStorableTextRule(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const existing = route.preValidation;
    route.preValidation = [
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
      refuseUnstorableText,
    ];
  });
}
