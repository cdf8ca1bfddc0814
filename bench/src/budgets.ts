/**
 * DESIGN.md section 6 budgets of first-load JavaScript, KB compressed, every script the page loads:
 * `pnpm bench` holds the build (bundles.ts) and Lighthouse's count (lighthouse.ts) to them, and so
 * does the phone article's e2e check.
 */
export const JS_BUDGET_KB = { article: 130, list: 140, home: 160 } as const;

export type BudgetKind = keyof typeof JS_BUDGET_KB;
