/**
 * fast-check arbitraries of hostile input, shared by the API fuzz suite (test/fuzz.test.ts) and the
 * gateway's page fuzz (apps/gateway/test/page-fuzz.test.ts): the values, keys, strings and
 * percent-escapes a careless or malicious client sends. Nothing here knows about any one call.
 */
import fc from 'fast-check';

/** One generated JSON-ish value; `entries` objects keep `__proto__` as an own key (see toJson). */
export type Hostile = null | boolean | number | string | Hostile[] | { entries: [string, Hostile][] };

/** The JSON body limit of the API and the gateway (1 MiB): huge strings go a little past it. */
const BODY_LIMIT = 1024 * 1024;

export const SQL_METACHARACTERS = [
  "' OR '1'='1",
  '1; DROP TABLE members; --',
  '" OR ""="',
  "%' --",
  '\\',
  "1' UNION SELECT username, password FROM members --",
  '$1',
  '?',
  "'; select pg_sleep(30); --",
  '1 AND randomblob(1000000000)',
  '_%',
] as const;

export const HTML_METACHARACTERS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg/onload=alert(1)>",
  '<!--',
  '-->',
  ']]>',
  '&#x3C;script&#x3E;',
  'javascript:alert(1)',
  '<a href="javascript:alert(1)">x</a>',
  '<style>@import "x"</style>',
  '<p style="color:rgba(1,1,1,1)">',
] as const;

export const UNUSUAL_UNICODE = [
  '\uD800', // lone high surrogate
  '\uDC00', // lone low surrogate
  'a\uDBFFb',
  '\u202Eevil\u202C', // right-to-left override
  '\u200F\u05D0\u05D1', // RTL mark + Hebrew
  '\u0000',
  'nul\u0000byte',
  'e' + '\u0301'.repeat(64), // a pile of combining accents
  '\u200B\u200C\u200D\uFEFF', // zero-width characters and a BOM
  '\u2028\u2029',
  '\uFFFF\uFFFE',
  '👨‍👩‍👧‍👦',
  '中文标题',
  '１２３', // full-width digits
  '١٢٣', // Arabic-Indic digits
  '\r\n',
  '\t',
] as const;

export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'then',
] as const;

const ODD_SCALARS = [
  '',
  ' ',
  '0',
  '-1',
  '1e300',
  'NaN',
  'Infinity',
  '0x10',
  '1.5',
  ' 1 ',
  '9007199254740993',
  'true',
  'null',
  'undefined',
  '[object Object]',
  '%s%s%n',
  '${7*7}',
  '{{7*7}}',
  '../../etc/passwd',
] as const;

const ODD_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  1e300,
  -1e300,
  2 ** 31,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER,
  Number.MAX_VALUE,
  Number.EPSILON,
] as const;

/** Patterns that make a backtracking regex or a naive scanner work hard when repeated. */
const REPEATED_TOKENS = [
  '<',
  '<!--',
  '<a ',
  'rgba(',
  'hsla(',
  '&#',
  '%',
  '\\',
  '"',
  ' ',
  'a',
  '中',
  '\uD800',
] as const;

/** Mostly-printable text mixed with every kind of metacharacter and odd Unicode. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 1 },
  { arbitrary: fc.constantFrom(...SQL_METACHARACTERS), weight: 2 },
  { arbitrary: fc.constantFrom(...HTML_METACHARACTERS), weight: 2 },
  { arbitrary: fc.constantFrom(...UNUSUAL_UNICODE), weight: 2 },
  { arbitrary: fc.constantFrom(...ODD_SCALARS), weight: 2 },
  { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS), weight: 1 },
  {
    arbitrary: fc
      .array(
        fc.oneof(
          fc.constantFrom(...SQL_METACHARACTERS, ...HTML_METACHARACTERS, ...UNUSUAL_UNICODE),
          fc.string({ maxLength: 8 }),
        ),
        { minLength: 2, maxLength: 6 },
      )
      .map((parts) => parts.join('')),
    weight: 2,
  },
);

/**
 * A long or huge string: a repeated token from a few hundred characters up to just past the body
 * limit. `maxLength` bounds it (callers lower it for inputs that would only exercise a known hole).
 */
export const hugeString = (maxLength = BODY_LIMIT + 1024): fc.Arbitrary<string> =>
  fc
    .record({
      token: fc.constantFrom(...REPEATED_TOKENS),
      // Sizes spread over orders of magnitude, not uniformly near the top.
      exponent: fc.double({ min: 2, max: Math.log10(maxLength), noNaN: true }),
    })
    .map(({ token, exponent }) => token.repeat(Math.max(1, Math.floor(10 ** exponent / token.length))));

/** Any JSON value a client could send in place of the expected one. */
export const hostileValue = (huge: fc.Arbitrary<string> = hugeString()): fc.Arbitrary<Hostile> =>
  fc.letrec<{ value: Hostile }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { arbitrary: hostileString, weight: 8 },
      { arbitrary: fc.constantFrom<Hostile>(...ODD_NUMBERS), weight: 3 },
      { arbitrary: fc.integer(), weight: 2 },
      { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
      { arbitrary: fc.constantFrom<Hostile>(null, true, false), weight: 2 },
      { arbitrary: huge, weight: 1 },
      { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
      {
        arbitrary: fc
          .array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 })
          .map((entries): Hostile => ({ entries })),
        weight: 1,
      },
    ),
  })).value;

/** Keys a client might add: prototype poisoning, near-misses of real names, odd Unicode. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS), weight: 3 },
  {
    arbitrary: fc.constantFrom(
      'stoken',
      'member_id',
      'id',
      'ID',
      'id ',
      '',
      ' ',
      'a.b',
      'a[b]',
      '$where',
      'status',
      'pv',
    ),
    weight: 2,
  },
  { arbitrary: hostileString, weight: 2 },
);

/** `{"constructor":{"prototype":{…}}}` and `{"__proto__":{…}}`: what Fastify must refuse. */
export const poisonEntries: fc.Arbitrary<[string, Hostile]> = fc.constantFrom<[string, Hostile]>(
  ['__proto__', { entries: [['isAdmin', true]] }],
  ['constructor', { entries: [['prototype', { entries: [['isAdmin', true]] }]] }],
  ['__proto__', { entries: [['status', 2]] }],
  ['constructor', { entries: [['prototype', null]] }],
);

/** JSON text of a generated value; object keys are written as given (so `__proto__` stays an own key). */
export function toJson(value: Hostile): string {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  return JSON.stringify(value) ?? 'null';
}

/** The value as a query-string value (objects and arrays flattened to text). */
export function toQueryText(value: Hostile): string {
  return typeof value === 'string' ? value : toJson(value);
}

/** Percent-escapes that decoders trip on: truncated, overlong, surrogate, control, traversal. */
export const HOSTILE_ESCAPES = [
  '%',
  '%%',
  '%zz',
  '%E4%B8', // truncated UTF-8
  '%E4%B8%AD', // a whole CJK character
  '%C0%AF', // overlong "/"
  '%ED%A0%80', // a UTF-16 surrogate encoded as UTF-8
  '%F4%90%80%80', // beyond U+10FFFF
  '%FF%FE',
  '%00',
  '%0d%0a',
  '%0d%0aSet-Cookie:%20vw=1',
  '%2e%2e%2f',
  '%2F',
  '%5C',
  '%26x%3D1',
  '%3F',
  '%23',
  '%25',
  '%u0041',
  '+',
  '..',
  '//',
] as const;

export const hostileEscape: fc.Arbitrary<string> = fc.constantFrom(...HOSTILE_ESCAPES);

/** A raw query-string fragment (no leading `?`): parameters with hostile names, values and escapes. */
export const hostileQuery: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc
        .tuple(hostileKey, hostileValue(hugeString(4096)))
        .map(
          ([k, v]) =>
            `${encodeURIComponent(toQueryText(k).replace(/[\uD800-\uDFFF]/g, '?'))}=${safeEncode(toQueryText(v))}`,
        ),
      fc.tuple(fc.string({ maxLength: 6 }), hostileEscape).map(([a, b]) => `${encodeURIComponent(a)}=${b}`),
      hostileEscape,
      fc.constantFrom(
        'a[__proto__][x]=1',
        '__proto__[x]=1',
        'constructor[prototype][x]=1',
        'page=1&page=2',
        '&&',
        '==',
        'a[]=1&a[]=2',
      ),
    ),
    { maxLength: 5 },
  )
  .map((parts) => parts.join('&'));

/** encodeURIComponent throws on lone surrogates: escape them as the raw (invalid) %ED.. bytes instead. */
export function safeEncode(text: string): string {
  return text
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

/** A raw body that is not the JSON object a call expects. */
export const malformedBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '}',
    'null',
    '[]',
    '[1,2]',
    '"text"',
    '1',
    'true',
    '{"a":1,}',
    "{'a':1}",
    '\u0000',
    '\uFEFF{}',
    '{"a":1}{"b":2}',
  ),
  fc.constantFrom('['.repeat(5000), '{"a":'.repeat(2000), `{"a":"${'\\u0000'.repeat(100)}"}`),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

/** Content types, mostly right, often wrong or odd. */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 10 },
  {
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'application/json, text/plain',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      'application/xml',
      '*/*',
      '',
    ),
    weight: 3,
  },
);

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const;
export type HttpVerb = (typeof HTTP_METHODS)[number];

/** The right method most of the time, any other one otherwise. */
export const method = (right: HttpVerb): fc.Arbitrary<HttpVerb> =>
  fc.oneof(
    { arbitrary: fc.constant(right), weight: 6 },
    { arbitrary: fc.constantFrom(...HTTP_METHODS), weight: 1 },
  );

/** How many requests each call gets: FUZZ_RUNS (soak sets the full count), else the default. */
export function fuzzRuns(fallback: number): number {
  const n = Number(process.env.FUZZ_RUNS);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** A fixed seed unless FUZZ_SEED is set, so a failure reproduces (the failure message prints it). */
export function fuzzSeed(): number {
  const n = Number(process.env.FUZZ_SEED);
  return Number.isInteger(n) ? n : 20261125;
}

/** A documented refusal carries a Chinese message. */
export const CHINESE = /[\u4e00-\u9fff]/;

/** Rejects when `work` takes longer than `ms`: a request that long counts as a hang. */
export async function withinTime<T>(work: Promise<T>, ms: number, what: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hang: no answer within ${ms} ms to ${what()}`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A short, printable description of a request for failure messages (bodies can be megabytes). */
export function clip(text: string, max = 200): string {
  const shown = text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;
  return JSON.stringify(shown);
}

/**
 * Worst cases for a multi-word matcher (issue 26): words and texts over a tiny alphabet, nested
 * (a, aa, aaa…) and periodic (abab…), so failure links and overlapping matches are everywhere.
 */
export const repetitiveWords: fc.Arbitrary<string[]> = fc.oneof(
  fc.integer({ min: 1, max: 50 }).map((n) => Array.from({ length: n }, (_, i) => 'a'.repeat(i + 1))),
  fc.array(fc.string({ unit: fc.constantFrom('a', 'b', '測', '试'), minLength: 1, maxLength: 12 }), {
    minLength: 1,
    maxLength: 200,
  }),
);
/** A long text of the same tiny alphabet with noise between its letters (`length` units). */
export const repetitiveText = (length: number): fc.Arbitrary<string> =>
  fc
    .record({
      unit: fc.string({
        unit: fc.constantFrom('a', 'b', '測', '试', ' ', '★', 'Ａ'),
        minLength: 1,
        maxLength: 8,
      }),
      tail: fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 3 }),
    })
    .map(({ unit, tail }) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length) + tail);
