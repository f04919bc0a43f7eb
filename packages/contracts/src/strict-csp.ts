import { z } from 'zod';

/*
 * In a browser the consoles run under a Content-Security-Policy without 'unsafe-eval'
 * (services/api/src/app/security-headers.ts). zod probes `Function('')` while the first object
 * schema is built, to decide whether it may compile validators; the browser blocks the probe and
 * reports a policy violation. Jitless validation needs no probe, so in a browser it is set here,
 * before any schema of this package exists (index.ts imports this module first).
 */
if ((globalThis as { window?: unknown }).window !== undefined) z.config({ jitless: true });
