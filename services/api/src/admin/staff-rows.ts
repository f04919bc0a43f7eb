/** Row helpers shared by the staff resources (database values to reply fields). */

/** A timestamp column as ISO 8601, or null when the row has none. */
export const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

/** A jsonb column: PGlite and node-postgres may hand it over parsed or as text. */
export const jsonColumn = (value: unknown): Record<string, unknown> =>
  (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
