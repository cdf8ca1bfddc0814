import { z } from 'zod';
import { parseTrustProxy } from './trust-proxy';

/**
 * Builders for environment variables. Every variable is a string or unset; an empty value
 * (`NAME=` in an env file) means unset, so .env.example can list every name.
 */
const raw = z.string().optional();
const isBlank = (value: string | undefined): value is undefined => value === undefined || value.trim() === '';

/** `value` (trimmed) as a URL; undefined when it is none. */
function asUrl(value: string): URL | undefined {
  try {
    return new URL(value.trim());
  } catch {
    return undefined;
  }
}

/** A whole number in [min, max]; never NaN: anything else is a start-up error. */
export function intVar(defaultValue: number, min: number, max: number) {
  return raw.transform((value, ctx): number => {
    if (isBlank(value)) return defaultValue;
    const text = value.trim();
    const n = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
    if (!(n >= min && n <= max)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a whole number from ${min} to ${max}, got "${value}"`,
      });
      return z.NEVER;
    }
    return n;
  });
}

export const portVar = (defaultValue: number) => intVar(defaultValue, 1, 65_535);

/** A port that may stay unset (a feature that is off unless configured, such as METRICS_PORT). */
export const optionalPortVar = raw.transform((value, ctx): number | undefined => {
  if (isBlank(value)) return undefined;
  const n = /^\d{1,5}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!(n >= 1 && n <= 65_535)) {
    ctx.addIssue({ code: 'custom', message: `must be a port from 1 to 65535, got "${value}"` });
    return z.NEVER;
  }
  return n;
});

/** A free-form string with a default. */
export const stringVar = (defaultValue: string) =>
  raw.transform((value) => (isBlank(value) ? defaultValue : value.trim()));

/** A string that may stay unset. */
export const optionalVar = raw.transform((value) => (isBlank(value) ? undefined : value.trim()));

/** A URL with one of the given schemes, or unset. */
export function urlVar(schemes: readonly string[]) {
  return raw.transform((value, ctx): string | undefined => {
    if (isBlank(value)) return undefined;
    const url = asUrl(value);
    if (!url || !schemes.includes(url.protocol.slice(0, -1))) {
      ctx.addIssue({ code: 'custom', message: `must be a ${schemes.join(' or ')} URL, got "${value}"` });
      return z.NEVER;
    }
    return value.trim();
  });
}

/**
 * A comma-separated list of 1 to `max` distinct URLs with one of the given schemes, or unset ([]).
 * A bad entry is named by its position, never echoed: such URLs may carry a password.
 */
export function urlListVar(schemes: readonly string[], max: number) {
  return raw.transform((value, ctx): string[] => {
    if (isBlank(value)) return [];
    const entries = value.split(',').map((entry) => entry.trim());
    const problem = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (entries.length > max) return problem(`takes at most ${max} URLs, got ${entries.length}`);
    for (const [i, entry] of entries.entries()) {
      const url = entry ? asUrl(entry) : undefined;
      if (!url || !schemes.includes(url.protocol.slice(0, -1))) {
        return problem(`entry ${i + 1} of ${entries.length} is not a ${schemes.join(' or ')} URL`);
      }
    }
    if (new Set(entries).size !== entries.length) return problem('names the same URL twice');
    return entries;
  });
}

/**
 * A public origin (scheme, host and port, nothing else), normalised: "https://example.com/" →
 * "https://example.com". Absolute URLs in pages are built from it, never from the request.
 */
export const originVar = raw.transform((value, ctx): string | undefined => {
  if (isBlank(value)) return undefined;
  const url = asUrl(value);
  const bare =
    url &&
    (url.pathname === '/' || url.pathname === '') &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password;
  if (!url || !bare || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    ctx.addIssue({
      code: 'custom',
      message: `must be an origin such as https://www.example.com (no path), got "${value}"`,
    });
    return z.NEVER;
  }
  return url.origin;
});

/** A switch: `1` on, `0` off, unset (or empty) `defaultValue`; anything else is a start-up error. */
export function flagVar(defaultValue = false) {
  return raw.transform((value, ctx): boolean => {
    if (isBlank(value)) return defaultValue;
    const text = value.trim();
    if (text !== '1' && text !== '0') {
      ctx.addIssue({ code: 'custom', message: `must be 1 or 0, got "${value}"` });
      return z.NEVER;
    }
    return text === '1';
  });
}

/** One of a fixed set of words. */
export function enumVar<const T extends string>(values: readonly T[], defaultValue: T) {
  return raw.transform((value, ctx): T => {
    if (isBlank(value)) return defaultValue;
    const word = value.trim() as T;
    if (!values.includes(word)) {
      ctx.addIssue({ code: 'custom', message: `must be one of ${values.join(', ')}, got "${value}"` });
      return z.NEVER;
    }
    return word;
  });
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const logLevelVar = enumVar(LOG_LEVELS, 'info');

/** NODE_ENV: only "production" changes behaviour (secrets required, no demo seed). */
export const nodeEnvVar = stringVar('development');
export const isProduction = (nodeEnv: string | undefined) => nodeEnv === 'production';

/** TRUST_PROXY: the proxies whose X-Forwarded-For is believed (see ./trust-proxy). */
export const trustProxyVar = raw.transform((value, ctx): string[] => {
  try {
    return parseTrustProxy(value);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});
