/** Values every surface fuzzes with: hostile text, odd JSON, and bearer tokens from garbage to forged. */
import fc from 'fast-check';

/** What the generators know about the target: a signed-in user and something of theirs to point at. */
export interface FuzzContext {
  token: string;
  userId: string;
  projectId: string;
  /** Signs a token with the server's own key (only when the fuzzer knows it, i.e. it started the server). */
  forge?: (claims: Record<string, unknown>) => string;
}

/** Strings with the characters that break naive code: NUL, control characters, quotes, SQL/LIKE metacharacters. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\t\n\r', "'", '"', '\\', '%', '_', "'; DROP TABLE users; --", '%_\\', '${x}', '{{name}}', '\uD800', '\uFEFF', '🚀', 'ﬀ'.repeat(3), 'null', 'undefined', '__proto__', 'constructor'),
  // PostgreSQL text cannot hold NUL: the character most likely to get past validation and fail in SQL.
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z ]{0,10}$/).map((s) => `${s}\u0000${s}`) },
  fc.tuple(fc.stringMatching(/^[A-Za-z ]{0,10}$/), fc.constantFrom('\uD800', '\u202E', '\r\n', '\u0007')).map(([s, bad]) => `${s}${bad}${s}`),
  fc.nat({ max: 5000 }).map((n) => 'x'.repeat(n)),
);

/** Names no earlier case took, so a create passes the uniqueness check and reaches the insert. */
export const freshName = fc.stringMatching(/^[a-z]{12}$/).map((id) => `Fuzz ${id}`);
export const freshEmail = fc.stringMatching(/^[a-z]{12}$/).map((id) => `fuzz-${id}@example.com`);

/** Any JSON value, bounded, with hostile strings inside. */
export const nastyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    fc.integer(),
    fc.double(),
    fc.constantFrom(null, true, false, 0, -1, 2 ** 31, 2 ** 53 + 1, 1e308),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(nastyString, fc.constantFrom('__proto__', 'constructor')), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/**
 * JSON nested from a few dozen to thousands of levels deep (arrays, objects or both in turn) around a leaf, as text:
 * JSON.stringify would itself recurse. 6,000 levels stay under the 100 KB body limit.
 */
export function deepJsonText(maxLevels = 6000): fc.Arbitrary<string> {
  const shapes = { array: ['[', ']'], object: ['{"a":', '}'], both: ['{"a":[', ']}'] } as const;
  return fc
    .record({ levels: fc.integer({ min: 60, max: maxLevels }), shape: fc.constantFrom('array', 'object', 'both'), leaf: fc.constantFrom('1', '"x"', 'null', '{}', '"\\u0000"') })
    .map(({ levels, shape, leaf }) => {
      const [open, close] = shapes[shape as keyof typeof shapes];
      const count = shape === 'both' ? Math.ceil(levels / 2) : levels;
      return `${open.repeat(count)}${leaf}${close.repeat(count)}`;
    });
}

/**
 * A valid object with one or two of its fields (or nested fields) replaced by hostile values, or an unknown
 * field added: input that passes every check but one reaches deep into the server, where NULs and odd
 * types used to surface as 500s.
 */
export function mutated(validObject: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  return validObject.chain(mutate);
}

function mutate(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const paths: string[][] = [];
  const walk = (value: unknown, path: string[]) => {
    if (path.length) paths.push(path);
    if (value && typeof value === 'object' && !Array.isArray(value)) for (const [key, inner] of Object.entries(value)) walk(inner, [...path, key]);
  };
  walk(valid, []);
  // Wrong types as often as hostile text: coercion errors must come back as client mistakes too.
  const wrongType = fc.constantFrom<unknown>(0, -1, 1.5, 2 ** 31, true, null, {}, [], ['x'], 'NOT_A_VALUE');
  const replacement = fc.oneof({ weight: 3, arbitrary: nastyString }, { weight: 2, arbitrary: wrongType }, { weight: 1, arbitrary: nastyJson });
  const edit = fc.oneof(
    { weight: 3, arbitrary: fc.record({ path: fc.constantFrom(...paths), value: replacement }) },
    { weight: 1, arbitrary: fc.record({ path: fc.constantFrom(...paths).chain((path) => nastyString.map((key) => [...path.slice(0, -1), key])), value: replacement }) },
  );
  return fc.array(edit, { minLength: 1, maxLength: 2 }).map((edits) => {
    const copy = structuredClone(valid);
    for (const { path, value } of edits) {
      let target: Record<string, unknown> = copy;
      for (const key of path.slice(0, -1)) {
        const next = target[key];
        if (!next || typeof next !== 'object' || Array.isArray(next)) break;
        target = next as Record<string, unknown>;
      }
      target[path[path.length - 1]] = value;
    }
    return copy;
  });
}

/** Percent-encodes a string's UTF-8 bytes; unlike encodeURIComponent it accepts lone surrogates (as U+FFFD). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}

/** Values an id or key in a path may take: real ones, other shapes, and malformed percent-encoding. */
export function pathSegment(ctx: FuzzContext): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(ctx.projectId, ctx.userId, '00000000-0000-0000-0000-000000000000', 'DOCKER_TOKEN', 'GITHUB_TOKEN', 'static-site'),
    fc.constantFrom('%ZZ', '%', '%2', '%E0%A4%A', '%C0%AF', '%FF%FE', '%00', 'a%00b', '%2F', '..%2F..%2Fetc%2Fpasswd', '%252F', '%uD800', '.', '..', '-1', '0', '1e9', 'null', 'undefined'),
    fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{1,60}$/),
    fc.nat({ max: 3000 }).map((n) => 'a'.repeat(n)),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(percentEncode),
  );
}

const jwtLike = fc.tuple(fc.base64String({ maxLength: 40 }), fc.base64String({ maxLength: 80 }), fc.base64String({ maxLength: 43 })).map((parts) => parts.join('.'));

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An unsigned token (alg none) claiming to be the user: must not be accepted, nor crash the check. */
const algNone = (ctx: FuzzContext) => `${encode({ alg: 'none' })}.${encode({ sub: ctx.userId, jti: ctx.userId, exp: 4102444800 })}.`;

/** Claims a signed token may carry that the server never issues: non-UUID subjects and sessions, odd expiries. */
const forgedClaims = fc.record(
  {
    sub: fc.oneof(fc.constantFrom('not-a-uuid', '', '00000000-0000-0000-0000-000000000000', "' OR 1=1 --", 'a\u0000b'), fc.string({ maxLength: 40 }), fc.integer()),
    jti: fc.oneof(fc.constantFrom('not-a-uuid', '', '00000000-0000-0000-0000-000000000000'), fc.string({ maxLength: 40 }), fc.integer()),
    exp: fc.constantFrom(4102444800, 0, 1, -1),
  },
  { requiredKeys: [] },
);

/** Authorization headers: none, the user's, garbage, unsigned, and validly signed with forged claims. */
export function authorization(ctx: FuzzContext): fc.Arbitrary<string | undefined> {
  const options: fc.WeightedArbitrary<string | undefined>[] = [
    fc.constant(undefined),
    fc.constant(`Bearer ${ctx.token}`),
    fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bearer x', 'Token abc', `Bearer ${ctx.token} extra`, `Bearer ${ctx.token.slice(0, -2)}`),
    jwtLike.map((t) => `Bearer ${t}`),
    fc.stringMatching(/^[\x21-\x7e]{0,200}$/).map((t) => `Bearer ${t}`),
    fc.constant(`Bearer ${algNone(ctx)}`),
  ].map((arbitrary) => ({ arbitrary, weight: 1 }));
  // Validly signed tokens get past the signature check, so they reach the most code: sent most often.
  if (ctx.forge) options.push({ arbitrary: forgedClaims.map((claims) => `Bearer ${ctx.forge!(claims)}`), weight: options.length });
  return fc.oneof(...options);
}

/** The signed-in user or nobody: surfaces other than tokens are fuzzed with a valid session or none. */
export const userOrAnonymous = (ctx: FuzzContext): fc.Arbitrary<string | undefined> => fc.constantFrom(undefined, `Bearer ${ctx.token}`);

/** Header values node will put on the wire: printable ASCII. */
export const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,200}$/);
