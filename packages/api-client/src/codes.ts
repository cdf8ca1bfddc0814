/**
 * The one table of API result codes. Every response body is `{code, msg, data, total?}`;
 * `msg` is the Chinese text a user may see. 0, 10001 and 10002 are fixed by the spec.
 */
export const ErrorCode = {
  Ok: 0,
  /** Member session (stoken + member_id) missing, invalid or expired. */
  SessionInvalid: 10001,
  /** Vendor landing login: the phone number is not registered yet. */
  VendorUnregistered: 10002,
  /** Body or query failed validation; msg names the first problem. */
  Validation: 10003,
  /** Access token missing, malformed, forged or expired. */
  TokenInvalid: 10004,
  /** accessToken called with a wrong client id/secret. */
  ClientInvalid: 10005,
  /** The thing asked for does not exist (or is not visible to the caller). */
  NotFound: 10006,
  /** Authenticated but not allowed (another member's data, column not approved…). */
  Forbidden: 10007,
  /** Too many attempts; try later. */
  RateLimited: 10008,
  /** The action conflicts with current state (duplicate username, already applied…). */
  Conflict: 10009,
  /** Login failed: same answer for unknown account and wrong password. */
  BadCredentials: 10010,
  /** SMS code wrong, expired or used. */
  SmsCodeInvalid: 10011,
  /** Upload too large, wrong real type, or undecodable. */
  UploadRejected: 10012,
  /** Activity registration closed (is_submit false). */
  ActivityClosed: 10013,
  /** Request body is not valid JSON / not an object. */
  BadRequest: 10014,
  /** Unknown /api/{name}. */
  UnknownCall: 10015,
  /** Slider check (drag_verify) missing or not passed. */
  DragVerifyFailed: 10016,
  /** wechat_signature: WeChat share cards are not configured (WECHAT_APP_ID / WECHAT_APP_SECRET unset). */
  WechatOff: 10601,
  /**
   * wechat_signature: WeChat's API refused or failed (bad secret, server IP not whitelisted, quota, a
   * hang or a garbled answer); the page works on without a share card. The cause is in the server log.
   */
  WechatUnavailable: 10602,
  /** wechat_signature: the url is not a page of this site (PUBLIC_ORIGIN / PUBLIC_MOBILE_ORIGIN). */
  WechatUrlRefused: 10603,
  /**
   * A member's or visitor's text holds a `block` sensitive word (issue 26, DESIGN.md section 10):
   * nothing was written; msg names the words to change (sensitiveWordsMsg in ./messages).
   */
  SensitiveWords: 10701,
  /** newsletter_unsubscribe: the link's token is malformed or its signature does not match. */
  UnsubscribeTokenInvalid: 10801,
  /** newsletter_unsubscribe: the link's token is past its time (the member centre's switch still works). */
  UnsubscribeTokenExpired: 10802,
  /** Anything unexpected on the server; details are logged, never sent. */
  ServerError: 10500,
  /**
   * The server is saturated; try again later: a database query ran past its time limit (PostgreSQL
   * statement_timeout), or every image decode slot and queue place is taken (msg MSG.imageBusy).
   */
  Overloaded: 10503,
  /** The database is unreachable (restarting, failing over); try again in a moment. */
  DatabaseUnavailable: 10504,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Default Chinese message for each code (a handler may send a more specific one). */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  [ErrorCode.Ok]: '成功',
  [ErrorCode.SessionInvalid]: '无效的会话，或者会话已过期，请重新登录。',
  [ErrorCode.VendorUnregistered]: '该手机号尚未注册，请先注册',
  [ErrorCode.Validation]: '提交的内容不正确，请检查后重试',
  [ErrorCode.TokenInvalid]: '访问凭证无效或已过期，请刷新页面',
  [ErrorCode.ClientInvalid]: '客户端凭证错误',
  [ErrorCode.NotFound]: '您访问的内容不存在',
  [ErrorCode.Forbidden]: '您没有权限进行此操作',
  [ErrorCode.RateLimited]: '操作过于频繁，请稍后再试',
  [ErrorCode.Conflict]: '数据已存在或状态不允许此操作',
  [ErrorCode.BadCredentials]: '用户名或密码错误',
  [ErrorCode.SmsCodeInvalid]: '验证码错误或已失效',
  [ErrorCode.UploadRejected]: '上传的文件不符合要求',
  [ErrorCode.ActivityClosed]: '当前活动报名时间已结束',
  [ErrorCode.BadRequest]: '请求格式错误',
  [ErrorCode.UnknownCall]: '接口不存在',
  [ErrorCode.DragVerifyFailed]: '请先完成滑块验证',
  [ErrorCode.WechatOff]: '本站未开启微信分享',
  [ErrorCode.WechatUnavailable]: '微信分享暂时不可用',
  [ErrorCode.WechatUrlRefused]: '只能为本站页面生成微信分享签名',
  [ErrorCode.SensitiveWords]: '内容含有敏感词，请修改后再提交',
  [ErrorCode.UnsubscribeTokenInvalid]: '退订链接无效，请使用邮件中的完整链接，或登录会员中心关闭订阅',
  [ErrorCode.UnsubscribeTokenExpired]: '退订链接已过期，请使用最新一期邮件中的链接，或登录会员中心关闭订阅',
  [ErrorCode.ServerError]: '服务器繁忙，请稍后再试',
  [ErrorCode.Overloaded]: '查询超时，请稍后再试',
  [ErrorCode.DatabaseUnavailable]: '服务暂时不可用，请稍后再试',
};

/** The body of every API response. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  total?: number;
}
