import { originVar, optionalVar } from './vars';
import type { ConfigIssue } from './issues';

/** WeChat's API when WECHAT_API_ORIGIN is unset. */
export const DEFAULT_WECHAT_API_ORIGIN = 'https://api.weixin.qq.com';

/**
 * WeChat share cards (JS-SDK): the official account's AppID and AppSecret, and where WeChat's API
 * is (a test's fake, or a proxy on an egress host WeChat's IP whitelist names). Off when the pair is unset.
 */
export const WECHAT_VARIABLES = {
  WECHAT_APP_ID: optionalVar,
  WECHAT_APP_SECRET: optionalVar,
  WECHAT_API_ORIGIN: originVar,
};

export interface WechatSettings {
  appId: string;
  appSecret: string;
  /** Origin of WeChat's API, without a trailing slash. */
  apiOrigin: string;
}

interface WechatEnv {
  WECHAT_APP_ID?: string;
  WECHAT_APP_SECRET?: string;
  WECHAT_API_ORIGIN?: string;
}

/** The settings when both the id and the secret are set; undefined (share cards off) otherwise. */
export function wechatSettings(env: WechatEnv): WechatSettings | undefined {
  if (!env.WECHAT_APP_ID || !env.WECHAT_APP_SECRET) return undefined;
  return {
    appId: env.WECHAT_APP_ID,
    appSecret: env.WECHAT_APP_SECRET,
    apiOrigin: env.WECHAT_API_ORIGIN ?? DEFAULT_WECHAT_API_ORIGIN,
  };
}

/** Half a pair is a mistake worth stopping for: the operator meant share cards on. */
export function wechatIssues(env: WechatEnv): ConfigIssue[] {
  if (Boolean(env.WECHAT_APP_ID) === Boolean(env.WECHAT_APP_SECRET)) return [];
  const missing = env.WECHAT_APP_ID ? 'WECHAT_APP_SECRET' : 'WECHAT_APP_ID';
  const given = env.WECHAT_APP_ID ? 'WECHAT_APP_ID' : 'WECHAT_APP_SECRET';
  return [{ variable: missing, message: `is required when ${given} is set (WeChat share cards)` }];
}
