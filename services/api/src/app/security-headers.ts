import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config.js';
import type { App } from './build-app.js';

/*
 * Security headers on every reply: helmet's set (nosniff, X-Frame-Options DENY, no referrer,
 * cross-origin isolation of resources) plus a Content-Security-Policy that fits the page: the
 * JSON API loads nothing, /docs is Swagger UI from this origin, the staff console is its own
 * bundle, and the user console adds Stripe.js (stripe mode) or the loopback payments double
 * (local mode). HSTS only when people reach the app over https. CORS only for the origins listed
 * in CORS_ORIGINS (none by default: the consoles are served from the API's own origin).
 */

/** How the user console takes payments, which decides what its pages may load. */
export type PaymentsSources = { mode: 'stripe' } | { mode: 'local'; apiBase: string };

export type PageKind = 'api' | 'docs' | 'admin' | 'user';

const HSTS = 'max-age=31536000; includeSubDomains';

/** Stripe's published CSP needs for Stripe.js and its Elements (docs.stripe.com/security/guide). */
const STRIPE_JS = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

export function pageKindOf(url: string): PageKind {
  const path = url.split('?')[0]!;
  if (path === '/api' || path.startsWith('/api/') || path === '/healthz' || path === '/readyz') return 'api';
  if (path === '/docs' || path.startsWith('/docs/')) return 'docs';
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  return 'user';
}

/** The Content-Security-Policy of one kind of page. */
export function contentSecurityPolicy(page: PageKind, payments?: PaymentsSources): string {
  if (page === 'api') {
    return "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
  }
  const script = ["'self'"];
  const connect = ["'self'"];
  const frame: string[] = [];
  const img = ["'self'", 'data:'];
  if (page === 'user' && payments?.mode === 'stripe') {
    script.push(...STRIPE_JS.script);
    connect.push(...STRIPE_JS.connect);
    frame.push(...STRIPE_JS.frame);
    img.push(...STRIPE_JS.img);
  }
  if (page === 'user' && payments?.mode === 'local') connect.push(new URL(payments.apiBase).origin);
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    // React, MUI (emotion) and Swagger UI set styles at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img.join(' ')}`,
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frame.length > 0 ? frame.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Whether this request reached us over https (directly, through a trusted proxy, or by PUBLIC_URL). */
function servedOverHttps(config: Pick<AppConfig, 'publicUrl'>, request: FastifyRequest): boolean {
  return config.publicUrl.startsWith('https:') || request.protocol === 'https';
}

export interface SecurityHeadersOptions {
  config: Pick<AppConfig, 'publicUrl' | 'corsOrigins'>;
  /** How the user console pays; absent: no payment sources are allowed. Asked once, on first use. */
  payments?: () => Promise<PaymentsSources>;
}

export async function registerSecurityHeaders(app: App, options: SecurityHeadersOptions): Promise<void> {
  const { config } = options;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  let payments: Promise<PaymentsSources | undefined> | undefined;
  const paymentsSources = () => {
    payments ??= options.payments ? options.payments().catch(() => undefined) : Promise.resolve(undefined);
    return payments;
  };
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const page = pageKindOf(request.url);
    const sources = page === 'user' ? await paymentsSources() : undefined;
    reply.header('content-security-policy', contentSecurityPolicy(page, sources));
    if (servedOverHttps(config, request)) reply.header('strict-transport-security', HSTS);
  });

  const allowed = new Set(config.corsOrigins);
  await app.register(fastifyCors, {
    // Same origin needs no CORS; another origin gets it only when listed in CORS_ORIGINS.
    origin: (origin, callback) =>
      callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key'],
    exposedHeaders: ['content-range', 'retry-after', 'x-request-id', 'idempotent-replayed'],
    credentials: false,
    maxAge: 600,
  });
}
