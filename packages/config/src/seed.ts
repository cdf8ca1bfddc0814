import { z } from 'zod';
import { isProduction } from './vars';

/**
 * SEED: `demo` fills an empty database with the demo content (and the demo member), `none` never
 * does. Unset: demo outside production, none in production (DESIGN.md section 9: no seed unless
 * SEED=demo). `1` and `0` are the older spellings of demo and none.
 */
export const SEED_MODES = ['demo', 'none'] as const;
export type SeedMode = (typeof SEED_MODES)[number];
const ALIASES: Record<string, SeedMode> = { demo: 'demo', '1': 'demo', none: 'none', '0': 'none' };

export const seedVar = z
  .string()
  .optional()
  .transform((value, ctx): SeedMode | undefined => {
    if (value === undefined || value.trim() === '') return undefined;
    const mode = ALIASES[value.trim()];
    if (!mode) {
      ctx.addIssue({ code: 'custom', message: `must be demo or none, got "${value}"` });
      return z.NEVER;
    }
    return mode;
  });

export const seedsDemo = (mode: SeedMode | undefined, nodeEnv: string) =>
  (mode ?? (isProduction(nodeEnv) ? 'none' : 'demo')) === 'demo';
