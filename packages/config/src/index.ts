export { ConfigError, assertNoIssues, issuesOf, type ConfigIssue } from './issues';
export {
  enumVar,
  flagVar,
  intVar,
  isProduction,
  logLevelVar,
  nodeEnvVar,
  optionalPortVar,
  optionalVar,
  originVar,
  portVar,
  stringVar,
  trustProxyVar,
  urlListVar,
  urlVar,
  LOG_LEVELS,
  type LogLevel,
} from './vars';
export {
  BEHIND_GATEWAY,
  fastifyTrustProxy,
  parseTrustProxy,
  DEFAULT_TRUST_PROXY,
  TRUST_NO_PROXY,
  type TrustProxySetting,
} from './trust-proxy';
export {
  dataDirTokenSecret,
  productionSecretIssues,
  MIN_TOKEN_SECRET_LENGTH,
  TOKEN_SECRET_FILE,
} from './secrets';
export { adminSessionMaxAgeVar, DEFAULT_ADMIN_SESSION_MAX_AGE_HOURS } from './admin-session';
export { seedVar, seedsDemo, SEED_MODES, type SeedMode } from './seed';
export { parseStorageUrl, storageUrlVar, type S3StorageSettings } from './storage';
export { REQUEST_ID_HEADER, requestIdOf } from './request-id';
export { productionSmsIssues, SMS_OUTBOX, SMS_OUTBOX_IN_PRODUCTION } from './sms';
export { servedOverHttps } from './https';
export {
  DEFAULT_WECHAT_API_ORIGIN,
  WECHAT_VARIABLES,
  wechatIssues,
  wechatSettings,
  type WechatSettings,
} from './wechat';
export { defaultDecodeConcurrency } from './image-decodes';
