import { register } from 'node:module';

/** Probes and scrapes come every few seconds and say nothing about the work; they make no traces. */
const UNTRACED_PATH = /^\/(?:healthz|readyz|metrics)(?:[/?]|$)/;

/**
 * OpenTelemetry traces of HTTP requests (incoming and outgoing) and PostgreSQL queries, sent by
 * OTLP over HTTP to `endpoint` (OTEL_EXPORTER_OTLP_ENDPOINT, `{endpoint}/v1/traces`) in batches.
 * Must run before `pg` and the HTTP server are imported: it registers the loader hook that lets
 * the instrumentations patch ES module imports, so the caller imports the rest of the app
 * afterwards. Returns the flush-and-stop function; nothing at all when no endpoint is set.
 */
export async function startTracing(endpoint: string | undefined): Promise<(() => Promise<void>) | undefined> {
  if (!endpoint) return undefined;
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [api, core, contextHooks, sdk, exporter, resources, instrumentation, http, pg] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/core'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  api.context.setGlobalContextManager(new contextHooks.AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(
    new core.CompositePropagator({
      propagators: [new core.W3CTraceContextPropagator(), new core.W3CBaggagePropagator()],
    }),
  );
  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({
      'service.name': process.env.OTEL_SERVICE_NAME ?? 'evalmarket-api',
    }),
    spanProcessors: [
      new sdk.BatchSpanProcessor({
        exporter: new exporter.OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }),
        // The standard setting (the SDK itself no longer reads it); default 5 s.
        scheduledDelayMillis: Number(process.env.OTEL_BSP_SCHEDULE_DELAY) || undefined,
      }),
    ],
  });
  api.trace.setGlobalTracerProvider(provider);
  instrumentation.registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new http.HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATH.test(request.url ?? ''),
      }),
      new pg.PgInstrumentation(),
    ],
  });
  return () => provider.shutdown();
}
