import type { z } from 'zod';

/** One bad or missing environment variable and what is wrong with it. */
export interface ConfigIssue {
  variable: string;
  message: string;
}

/**
 * Thrown at start when the environment is unusable. Its message names every bad or missing
 * variable at once, so an operator fixes them in one go rather than one restart per variable.
 */
export class ConfigError extends Error {
  constructor(
    readonly processName: string,
    readonly issues: readonly ConfigIssue[],
  ) {
    super(
      `Invalid configuration of the ${processName}:\n${issues.map((i) => `  - ${i.variable}: ${i.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** Zod's issues as variables: the path's first key is the variable's name. */
export function issuesOf(error: z.ZodError): ConfigIssue[] {
  return error.issues.map((issue) => ({
    variable: String(issue.path[0] ?? '(environment)'),
    message: issue.message,
  }));
}

/** Throws a ConfigError when there is anything to report. */
export function assertNoIssues(processName: string, issues: readonly ConfigIssue[]): void {
  if (issues.length > 0) throw new ConfigError(processName, issues);
}
