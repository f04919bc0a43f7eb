/**
 * JSON with object keys sorted at every level, so a value hashes the same however it was
 * built and after a round trip through jsonb (which reorders keys). Written as plain loops: it
 * runs for every event appended and every event an audit checks.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    return text === undefined ? 'null' : text;
  }
  if (Array.isArray(value)) {
    let out = '[';
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) out += ',';
      out += canonicalJson(value[index]);
    }
    return out + ']';
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  for (let index = 1; index < keys.length; index += 1) {
    if (keys[index - 1]! > keys[index]!) {
      keys.sort();
      break;
    }
  }
  let out = '{';
  let first = true;
  for (const key of keys) {
    const entry = record[key];
    if (entry === undefined) continue;
    if (!first) out += ',';
    first = false;
    out += JSON.stringify(key) + ':' + canonicalJson(entry);
  }
  return out + '}';
}
