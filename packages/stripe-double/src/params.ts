/** Reading form parameters, headers and bodies; Stripe's list pages. */
import type { IncomingMessage } from 'node:http';
import { invalidRequest } from './errors.js';
import type { FormObject, FormValue } from './form-body.js';
import type { StripeList, StripeObject } from './types.js';

/** Stripe's key kinds by prefix: secret (sk_), restricted (rk_), publishable (pk_). */
export function apiKeyKind(
  authorization: string | undefined,
): 'secret' | 'restricted' | 'publishable' | undefined {
  const prefix = /^Bearer (sk|rk|pk)_\S+$/.exec(authorization ?? '')?.[1];
  return prefix === 'sk'
    ? 'secret'
    : prefix === 'rk'
      ? 'restricted'
      : prefix === 'pk'
        ? 'publishable'
        : undefined;
}

export function expandOf(params: FormObject): string[] {
  const value = params.expand;
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function list(data: StripeObject[], url: string): StripeList {
  return { object: 'list', data, has_more: false, url };
}

/**
 * One page of a Stripe list endpoint: newest first (by `created`, then by creation order),
 * `limit` 1..100 (default 10), and the cursors `starting_after` / `ending_before` (object ids).
 */
export function page(objects: StripeObject[], params: FormObject, url: string): StripeList {
  const limitText = str(params.limit);
  const limit = limitText === undefined ? 10 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw invalidRequest(
      'This value must be greater than or equal to 1 and less than or equal to 100.',
      'limit',
      'parameter_invalid_integer',
    );
  }
  // Map order is creation order; Stripe lists newest first.
  const sorted = objects
    .map((object, index) => ({ object, index }))
    .sort((a, b) => Number(b.object.created) - Number(a.object.created) || b.index - a.index)
    .map(({ object }) => object);
  const after = str(params.starting_after);
  const before = str(params.ending_before);
  const cursorIndex = (id: string, param: string) => {
    const index = sorted.findIndex((object) => object.id === id);
    if (index === -1) throw invalidRequest(`No such object: '${id}'`, param, 'resource_missing', 400);
    return index;
  };
  if (before !== undefined) {
    const end = cursorIndex(before, 'ending_before');
    const start = Math.max(0, end - limit);
    return { object: 'list', data: sorted.slice(start, end), has_more: start > 0, url };
  }
  const start = after === undefined ? 0 : cursorIndex(after, 'starting_after') + 1;
  const data = sorted.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < sorted.length, url };
}

/** Stripe's `created` filter: a timestamp, or `{gt, gte, lt, lte}` in epoch seconds. */
export function createdMatches(object: StripeObject, filter: FormValue | undefined): boolean {
  if (filter === undefined) return true;
  const created = Number(object.created);
  const bound = (value: FormValue | undefined, param: string): number | undefined => {
    const text = str(value);
    if (text === undefined) return undefined;
    const number = Number(text);
    if (!Number.isInteger(number)) {
      throw invalidRequest(`Invalid integer: ${text}`, `created[${param}]`, 'parameter_invalid_integer');
    }
    return number;
  };
  if (typeof filter === 'string') return created === bound(filter, 'created');
  if (Array.isArray(filter)) return true;
  const gt = bound(filter.gt, 'gt');
  const gte = bound(filter.gte, 'gte');
  const lt = bound(filter.lt, 'lt');
  const lte = bound(filter.lte, 'lte');
  return (
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte)
  );
}

export function str(value: FormValue | unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export function obj(value: FormValue | unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as object) } : {};
}

export function int(value: FormValue | undefined, param: string): number {
  const text = str(value);
  if (text === undefined)
    throw invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
  if (!/^\d{1,15}$/.test(text))
    throw invalidRequest(`Invalid integer: ${text}`, param, 'parameter_invalid_integer');
  return Number(text);
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 1024 * 1024) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
