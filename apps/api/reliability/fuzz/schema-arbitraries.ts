import fc from 'fast-check';

/** The part of JSON Schema (OpenAPI 3.1) our document uses, and a little more, so a new keyword degrades to "any value". */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
}

/** Resolves `#/components/schemas/X` references against the document. */
export type Resolve = (schema: Schema) => Schema;

/**
 * Text a person or an attacker might send: printable, any unicode (lone
 * surrogates included), control characters, and the characters that break
 * naive parsers.
 */
export const nastyText = (maxLength = 40): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.string({
      unit: fc.constantFrom('\0', '\n', '\r', '\t', '\u202e', '\ufeff', '%', '"', "'", '\\', '<', '&', '𝕏'),
      maxLength,
    }),
    fc.constantFrom(
      '',
      ' ',
      'null',
      'undefined',
      'NaN',
      '-0',
      '1e309',
      '__proto__',
      'constructor',
      '%zz',
      '../../etc/passwd',
    ),
  );

/** Values the schema accepts. */
export function valid(schema: Schema, resolve: Resolve): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf ?? s.oneOf) return fc.oneof(...(s.anyOf ?? s.oneOf ?? []).map((option) => valid(option, resolve)));
  switch (typeOf(s)) {
    case 'integer':
      return fc.integer({ min: Math.ceil(s.minimum ?? -1e6), max: Math.floor(s.maximum ?? 1e6) });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 60, 60) });
    case 'array':
      return fc.array(valid(s.items ?? {}, resolve), { maxLength: 5 });
    case 'object':
      return validObject(s, resolve);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values on the edges the schema draws: the least and the most it accepts. */
export function boundary(schema: Schema, resolve: Resolve): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  switch (typeOf(s)) {
    case 'integer':
    case 'number': {
      const edges = [s.minimum, s.maximum].filter((edge): edge is number => edge !== undefined);
      return edges.length ? fc.constantFrom(...edges) : fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER);
    }
    case 'string': {
      if (s.pattern) return valid(s, resolve);
      const min = s.minLength ?? 0;
      const max = s.maxLength ?? 1000;
      return fc.oneof(
        fc.string({ minLength: min, maxLength: min }),
        fc.string({ minLength: max, maxLength: max }),
        fc.string({ unit: 'binary', minLength: max, maxLength: max }),
      );
    }
    case 'object':
      // Only what is required, every property absent that may be.
      return fc.record(
        Object.fromEntries((s.required ?? []).map((key) => [key, valid(s.properties?.[key] ?? {}, resolve)])),
      );
    default:
      return valid(s, resolve);
  }
}

/** Values the schema refuses: past each edge, the wrong type, text that breaks the pattern. */
export function invalid(schema: Schema, resolve: Resolve): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const wrongType = fc.oneof(
    fc.constantFrom(null, true, [], {}, '', 'x', -1, 1.5, 1e308),
    fc.jsonValue({ maxDepth: 2 }),
  );
  switch (typeOf(s)) {
    case 'integer':
    case 'number': {
      const past = [
        s.minimum === undefined ? undefined : s.minimum - (typeOf(s) === 'integer' ? 1 : 0.001),
        s.maximum === undefined ? undefined : s.maximum + 1,
      ].filter((edge): edge is number => edge !== undefined);
      const candidates = [...past, 0.5, Number.MAX_VALUE, -Number.MAX_VALUE];
      return fc.oneof(fc.constantFrom(...candidates), fc.constantFrom('1', '', 'NaN'), wrongType);
    }
    case 'string': {
      const tooLong =
        s.maxLength === undefined ? [] : [fc.string({ minLength: s.maxLength + 1, maxLength: s.maxLength + 3 })];
      const tooShort = s.minLength ? [fc.string({ maxLength: s.minLength - 1 })] : [];
      return fc.oneof(...tooLong, ...tooShort, nastyText(), fc.constantFrom(1, null, ['a'], { a: 1 }));
    }
    case 'object':
      return fc.oneof(wrongType, mangledObject(s, resolve));
    default:
      return wrongType;
  }
}

/** Mostly valid, sometimes on the edge, sometimes refused. */
export function anyValue(schema: Schema, resolve: Resolve): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: valid(schema, resolve) },
    { weight: 2, arbitrary: boundary(schema, resolve) },
    { weight: 3, arbitrary: invalid(schema, resolve) },
  );
}

function validObject(s: Schema, resolve: Resolve): fc.Arbitrary<unknown> {
  const properties = s.properties ?? {};
  return fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, valid(property, resolve)])),
    { requiredKeys: (s.required ?? []).filter((key) => key in properties) },
  );
}

/** Each property any value, a required one sometimes missing, unknown keys (prototype names among them) sometimes added. */
function mangledObject(s: Schema, resolve: Resolve): fc.Arbitrary<unknown> {
  const properties = s.properties ?? {};
  const fields = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, anyValue(property, resolve)])),
    { requiredKeys: [] },
  );
  const extra = fc.dictionary(
    fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', '_id', 'quantity', 'uid', 'email'), fc.string()),
    fc.jsonValue({ maxDepth: 2 }),
    { maxKeys: 3 },
  );
  return fc.tuple(fields, extra).map(([known, unknown]) => ({ ...unknown, ...known }));
}

function typeOf(s: Schema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((type) => type !== 'null');
  if (s.type) return s.type;
  if (s.properties) return 'object';
  return undefined;
}
