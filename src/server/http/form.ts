/**
 * Strict decoding of the gateway's request body. Node's and Fastify's form
 * parsers silently turn repeated fields into arrays and broken escapes into
 * garbage; the gateway must name each of those as an error instead.
 */

export class FormError extends Error {}

/** Decodes application/x-www-form-urlencoded text into a map of single values. */
export function parseForm(body: string): Map<string, string> {
  const fields = new Map<string, string>();
  if (body === '') return fields;
  for (const part of body.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = eq === -1 ? part : part.slice(0, eq);
    const rawValue = eq === -1 ? '' : part.slice(eq + 1);
    const key = decode(rawKey, 'a field name');
    const value = decode(rawValue, `field ${key}`);
    if (fields.has(key)) throw new FormError(`field ${key} is sent more than once`);
    fields.set(key, value);
  }
  return fields;
}

function decode(raw: string, what: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw new FormError(`broken percent-encoding in ${what}`);
  }
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export interface JsonLimits {
  maxDepth: number;
}

/**
 * Parses strJsonData. Refuses prototype-polluting keys and nesting deeper than
 * maxDepth, and requires an object at the top.
 */
export function parseJsonData(text: string, limits: JsonLimits): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text, (key, v: unknown) => {
      if (FORBIDDEN_KEYS.has(key)) throw new FormError(`strJsonData may not use the key "${key}"`);
      return v;
    });
  } catch (err) {
    if (err instanceof FormError) throw err;
    throw new FormError(`strJsonData is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new FormError('strJsonData must be a JSON object such as {"tableData":[{...}]}');
  }
  const depth = depthOf(value, limits.maxDepth + 1);
  if (depth > limits.maxDepth) {
    throw new FormError(`strJsonData is nested deeper than ${limits.maxDepth} levels`);
  }
  return value as Record<string, unknown>;
}

/** Depth of a JSON value, counting stops once it passes cap (no deep recursion on hostile input). */
function depthOf(root: unknown, cap: number): number {
  let max = 0;
  const stack: [unknown, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > max) max = depth;
    if (max >= cap) return max;
    const children = Array.isArray(value) ? value : Object.values(value);
    for (const child of children) stack.push([child, depth + 1]);
  }
  return max;
}
