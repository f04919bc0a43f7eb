type Json = unknown;

interface OpenApiDocument {
  components?: { schemas?: Record<string, Json> };
  [key: string]: Json;
}

const SCHEMA_REF = /^#\/components\/schemas\/(.+)$/;

/**
 * Drops the component schemas nothing refers to. Every contract schema is registered (as input
 * and as output), but only those the routes use, directly or through another component, belong
 * in the document, in name order.
 */
export function withoutUnusedSchemas<T extends OpenApiDocument>(document: T): T {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const used = new Set<string>();
  const pending: Json[] = [{ ...document, components: { ...document.components, schemas: {} } }];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      pending.push(...value);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const name = key === '$ref' && typeof child === 'string' ? SCHEMA_REF.exec(child)?.[1] : undefined;
        if (name !== undefined && !used.has(name)) {
          used.add(name);
          pending.push(schemas[name]);
        } else {
          pending.push(child);
        }
      }
    }
  }
  // Sorted: the registry's order depends on which module registered a schema first.
  const kept = Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => used.has(name))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return { ...document, components: { ...document.components, schemas: kept } };
}
