/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracket keys
 * (`metadata[user_id]=u1`, `expand[0]=latest_charge`, `items[0][price]=p`). Parsed back into
 * nested objects; a key whose children are all numbers becomes an array.
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/** Deepest nesting accepted; a deeper key is a client bug or an attack. */
const MAXIMUM_DEPTH = 8;

export function parseFormBody(text: string): FormObject {
  const root: FormObject = {};
  if (text.length === 0) return root;
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = keyPath(rawKey);
    if (path.length === 0 || path.length > MAXIMUM_DEPTH) continue;
    let node: FormObject = root;
    for (let index = 0; index < path.length - 1; index += 1) {
      const segment = path[index]!;
      const next = node[segment];
      if (next === undefined || typeof next === 'string' || Array.isArray(next)) {
        const created: FormObject = {};
        node[segment] = created;
        node = created;
      } else {
        node = next;
      }
    }
    node[path[path.length - 1]!] = value;
  }
  return arraysFromNumericKeys(root) as FormObject;
}

function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first === -1) return [key];
  const path = [key.slice(0, first)];
  const rest = key.slice(first);
  for (const match of rest.matchAll(/\[([^\]]*)\]/g)) path.push(match[1]!);
  return path;
}

function arraysFromNumericKeys(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: FormObject = {};
  for (const key of keys) converted[key] = arraysFromNumericKeys(value[key]!);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]!);
  }
  return converted;
}
