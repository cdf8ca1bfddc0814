import { intVar } from './vars';

/** A back-office session ends this long after sign-in however busy it is (issue 23 item 10). */
export const DEFAULT_ADMIN_SESSION_MAX_AGE_HOURS = 7 * 24;

/**
 * ADMIN_SESSION_MAX_AGE_HOURS: the absolute lifetime of a back-office session in hours (1 hour to
 * a year), as milliseconds. The 8 h idle limit applies as well.
 */
export const adminSessionMaxAgeVar = intVar(DEFAULT_ADMIN_SESSION_MAX_AGE_HOURS, 1, 365 * 24).transform(
  (hours) => hours * 3600_000,
);
