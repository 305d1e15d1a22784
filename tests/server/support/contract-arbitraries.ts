/**
 * fast-check arbitraries derived from the zod schemas of the wire contract: values shaped like
 * what the SPA sends (field names hint at e-mails, passwords, tokens and paths) and hostile ones
 * (wrong types, huge and empty strings, unicode edge cases, extra, missing and prototype keys).
 */
import fc from 'fast-check';

/** The parts of a zod (mini or classic) schema's definition the generators read. */
interface SchemaDef {
  type: string;
  shape?: Record<string, ContractSchema>;
  innerType?: ContractSchema;
  element?: ContractSchema;
  entries?: Record<string, string>;
  values?: unknown[];
  checks?: { _zod: { def: { check: string; maximum?: number } } }[];
}
export interface ContractSchema {
  _zod: { def: unknown };
}

const defOf = (schema: ContractSchema) => schema._zod.def as SchemaDef;

function inner(schema: ContractSchema | undefined, type: string): ContractSchema {
  if (schema === undefined) throw new Error(`a zod ${type} without its inner schema`);
  return schema;
}

/** Strings that have broken parsers, loggers, databases and mail headers elsewhere. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202eevil\u202c',
  '\u2066isolate\u2069',
  '\ud800',
  '\udfff\ud800',
  '\ufeffbom',
  '\u200b\u200c\u200d',
  'e\u0301\u0301\u0301',
  '👩‍⚕️🦷',
  '𝕯𝖊𝖓𝖙',
  'Ž'.repeat(300),
  '\r\nBcc: victim@example.com',
  'x,victim@example.com',
  'x<victim@example.com>',
  '"quoted"@example.com',
  '../../etc/passwd',
  '%00%2e%2e%2f',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '{"$ne":null}',
  '__proto__',
  'constructor',
  '9999-12-31T23:00:00-23:59',
  '+275760-09-13T00:00:00.000Z',
  'NaN',
  '-0',
  '1e309',
];

/**
 * Characters that show nothing (controls, bidi overrides and isolates, zero-width marks, a BOM, a
 * soft hyphen, a Hangul filler, lone surrogates): src/api/text.ts strips every one of them.
 */
export const INVISIBLE_CHARACTERS = [
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u202e',
  '\u2066',
  '\u200b',
  '\u200d',
  '\ufeff',
  '\u00ad',
  '\u3164',
  '\ud800',
  '\udfff',
];

/** A text as generated, or with a few invisible characters put in anywhere. */
export const withInvisible = (text: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    text,
    fc
      .tuple(
        text,
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...INVISIBLE_CHARACTERS)), {
          minLength: 1,
          maxLength: 4,
        }),
      )
      .map(([generated, insertions]) =>
        insertions.reduce((result, [position, character]) => {
          const at = position % (result.length + 1);
          return `${result.slice(0, at)}${character}${result.slice(at)}`;
        }, generated),
      ),
  );

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Long strings, at most a few hundred kilobytes so that a run stays quick. */
const hugeString = fc
  .tuple(fc.constantFrom('x', 'Ž', '🦷', ' ', '\u202e'), fc.integer({ min: 256, max: 300_000 }))
  .map(([unit, count]) => unit.repeat(count));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: hugeString, weight: 1 },
);

/** Any JSON value a client could send where the contract expects something else. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  {
    arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308),
    weight: 2,
  },
  { arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })), weight: 1 },
);

function maxLengthOf(def: SchemaDef): number | undefined {
  const check = def.checks?.find((candidate) => candidate._zod.def.check === 'max_length');
  return check?._zod.def.maximum;
}

/** A string as the SPA would send it in a field of this name. */
function validLookingString(field: string, maxLength = 120): fc.Arbitrary<string> {
  if (/email/i.test(field)) {
    return fc.oneof(
      fc.emailAddress(),
      fc.constantFrom('korisnik@example.com', 'admin@dentalia.hr', 'Ana.Anic@Dentalia.HR'),
    );
  }
  if (/password/i.test(field)) {
    return fc.oneof(
      fc.constantFrom('Zubar-Sigurno-77', 'Demo-Lozinka-42'),
      fc.string({ minLength: 1, maxLength: 80 }),
    );
  }
  if (/token/i.test(field)) return fc.base64String({ minLength: 4, maxLength: 120 });
  if (/page/i.test(field)) return fc.webPath().map((path) => `/${path.replace(/^\/+/, '')}`);
  return withInvisible(
    fc.string({ unit: 'grapheme', minLength: 0, maxLength: Math.min(maxLength, 120) }),
  );
}

/** Values the schema accepts, or nearly: what a well-behaved client sends. */
export function validLooking(schema: ContractSchema, field = ''): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = Object.entries(def.shape ?? {}).map(
        ([key, child]) => [key, validLooking(child, key)] as const,
      );
      return fc
        .tuple(...shape.map(([, arbitrary]) => arbitrary))
        .map((values) =>
          Object.fromEntries(
            shape
              .map(([key], index) => [key, values[index]] as const)
              .filter(([, value]) => value !== undefined),
          ),
        );
    }
    case 'string':
      return validLookingString(field, maxLengthOf(def));
    case 'number':
      return fc.integer({ min: -2, max: 120 });
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'array':
      return fc.array(validLooking(inner(def.element, def.type), field), {
        minLength: 1,
        maxLength: 3,
      });
    case 'optional':
    case 'default':
      return fc.option(validLooking(inner(def.innerType, def.type), field), { nil: undefined });
    case 'nullable':
      return fc.option(validLooking(inner(def.innerType, def.type), field), { nil: null });
    default:
      throw new Error(`no generator for zod type ${def.type} (field ${field || 'root'})`);
  }
}

/** Sets a key as an own, enumerable property: `__proto__` too, so that JSON carries it. */
function withOwnKey(target: Record<string, unknown>, key: string, value: unknown) {
  const copy = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

type Body = Record<string, unknown>;

/**
 * Request objects for a schema: half valid-looking, half one hostile change to a valid-looking
 * one (a field of a wrong type or hostile text, a missing field, an extra or prototype key), or
 * not an object at all.
 */
export function requestObject(schema: ContractSchema): fc.Arbitrary<unknown> {
  const valid = validLooking(schema) as fc.Arbitrary<Body>;
  const fields = Object.keys(defOf(schema).shape ?? {});
  const field = fc.constantFrom(...fields);
  return fc.oneof(
    { arbitrary: valid, weight: 4 },
    {
      arbitrary: fc
        .tuple(valid, field, hostileValue)
        .map(([body, key, value]) => withOwnKey(body, key, value)),
      weight: 4,
    },
    {
      arbitrary: fc
        .tuple(valid, field)
        .map(([body, missing]) =>
          Object.fromEntries(Object.entries(body).filter(([key]) => key !== missing)),
        ),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(
          valid,
          fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 12 })),
          fc.oneof(
            fc.constant({ isAdmin: true, roles: ['administrator'] }),
            fc.constant({ prototype: { polluted: true } }),
            hostileValue,
          ),
        )
        .map(([body, key, value]) => withOwnKey(body, key, value)),
      weight: 2,
    },
    { arbitrary: hostileValue, weight: 1 },
  );
}

/** Percent-encodes the UTF-8 bytes of any text, lone surrogates too (as U+FFFD). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .join('');
}

/**
 * Query-string versions: every value becomes text as a browser would put it in a URL.
 * Arrays repeat their key.
 */
export function queryString(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return percentEncode(String(value));
  }
  const query = new URLSearchParams();
  for (const key of Object.keys(value)) {
    const entry = (value as Body)[key];
    for (const item of Array.isArray(entry) ? entry : [entry]) {
      query.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  return query.toString();
}
