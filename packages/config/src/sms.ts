import type { ConfigIssue } from './issues';

/** The SMS provider that sends nothing: each code is appended to DATA_DIR/sms-outbox.log (apps/api/src/lib/sms). */
export const SMS_OUTBOX = 'outbox';
/** The variable with which a production-mode staging host keeps the outbox (declared in the API's config). */
export const SMS_OUTBOX_IN_PRODUCTION = 'SMS_OUTBOX_IN_PRODUCTION';

/**
 * NODE_ENV=production refuses the outbox unless SMS_OUTBOX_IN_PRODUCTION=1: it reaches no phone,
 * and whoever reads its codes can reset any member's password. A staging host allows it by name;
 * a real site names its provider. Checked by the API's config and, before migrations, by start:prod.
 */
export function productionSmsIssues(provider: string | undefined, outboxAllowed: boolean): ConfigIssue[] {
  if ((provider?.trim() || SMS_OUTBOX) !== SMS_OUTBOX || outboxAllowed) return [];
  return [
    {
      variable: 'SMS_PROVIDER',
      message:
        `is ${SMS_OUTBOX} (the default), which sends no SMS and keeps the codes on this server; ` +
        `with NODE_ENV=production set SMS_PROVIDER=aliyun or tencent and its credentials, ` +
        `or ${SMS_OUTBOX_IN_PRODUCTION}=1 on a staging host`,
    },
  ];
}
