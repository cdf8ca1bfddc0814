/**
 * `pnpm --filter bench bench:targets`: the `targets` rows of bench/results/latest.json and latest.md
 * again from the result files that soak:prod and the render bench write on their own, without a
 * full `pnpm bench` (report.ts refreshTargets).
 */
import { refreshTargets } from './report';

refreshTargets();
