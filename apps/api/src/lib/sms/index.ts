import { chooseProvider, type ProviderEnv, type ProviderVariables } from '../provider-choice';
import { AliyunSmsProvider, TencentSmsProvider, type FetchLike } from './cloud';
import { OutboxProvider, type SmsProvider } from './provider';

export { OutboxProvider, type SmsProvider } from './provider';
export { AliyunSmsProvider, TencentSmsProvider, type FetchLike } from './cloud';

export type SmsProviderName = 'outbox' | 'aliyun' | 'tencent';

/** The variables each provider reads (./cloud.ts explains them); the API's config validates them at start. */
export const SMS_PROVIDER_VARIABLES = {
  outbox: { required: [], optional: [] },
  aliyun: {
    required: [
      'ALIYUN_SMS_ACCESS_KEY_ID',
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_TEMPLATE_CODE',
    ],
    optional: ['ALIYUN_SMS_ENDPOINT'],
  },
  tencent: {
    required: [
      'TENCENT_SMS_SECRET_ID',
      'TENCENT_SMS_SECRET_KEY',
      'TENCENT_SMS_SDK_APP_ID',
      'TENCENT_SMS_SIGN_NAME',
      'TENCENT_SMS_TEMPLATE_ID',
    ],
    optional: ['TENCENT_SMS_REGION'],
  },
} as const satisfies ProviderVariables<SmsProviderName>;

/** SMS_PROVIDER and the provider's variables, as the API's config read them. */
export type SmsEnv = ProviderEnv<'SMS_PROVIDER', typeof SMS_PROVIDER_VARIABLES>;

/**
 * Chooses the SMS provider from the configuration (ApiConfig.sms). SMS_PROVIDER unset or "outbox" → the outbox;
 * "aliyun" / "tencent" need every credential variable listed in ./cloud.ts, and a missing one is a
 * start-up error (a half-configured provider must not silently drop codes).
 */
export function createSmsProvider(
  opts: {
    dataDir: string;
    log?: (msg: string) => void;
    now?: () => number;
    fetchImpl?: FetchLike;
    /** The outbox logs each code too (development only: never in production). */
    revealCodes?: boolean;
  },
  env: SmsEnv,
): SmsProvider {
  return chooseProvider<SmsEnv, SmsProviderName, SmsProvider>('SMS_PROVIDER', env, {
    outbox: () => new OutboxProvider(opts.dataDir, opts.log, opts.now, opts.revealCodes),
    aliyun: (need) =>
      new AliyunSmsProvider(
        {
          accessKeyId: need('ALIYUN_SMS_ACCESS_KEY_ID'),
          accessKeySecret: need('ALIYUN_SMS_ACCESS_KEY_SECRET'),
          signName: need('ALIYUN_SMS_SIGN_NAME'),
          templateCode: need('ALIYUN_SMS_TEMPLATE_CODE'),
          endpoint: env.ALIYUN_SMS_ENDPOINT || undefined,
        },
        opts.fetchImpl,
        opts.now,
      ),
    tencent: (need) =>
      new TencentSmsProvider(
        {
          secretId: need('TENCENT_SMS_SECRET_ID'),
          secretKey: need('TENCENT_SMS_SECRET_KEY'),
          sdkAppId: need('TENCENT_SMS_SDK_APP_ID'),
          signName: need('TENCENT_SMS_SIGN_NAME'),
          templateId: need('TENCENT_SMS_TEMPLATE_ID'),
          region: env.TENCENT_SMS_REGION || undefined,
        },
        opts.fetchImpl,
        opts.now,
      ),
  });
}
