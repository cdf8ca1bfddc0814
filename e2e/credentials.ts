/**
 * The e2e run's client credential and token secret: deliberately NOT the defaults, so every
 * browser call proves the transport uses the credential the server rendered into the document
 * (issue 12) and the API's CLIENT_ID / CLIENT_SECRET / TOKEN_SECRET are honoured end to end.
 * playwright.config.ts puts them in the environment of the gateway and of every worker.
 */
export const E2E_ENV = {
  CLIENT_ID: 'e2e-web-client',
  CLIENT_SECRET: 'e2e-client-secret-7f3a9c',
  TOKEN_SECRET: 'e2e-token-secret-51d8e2b4',
  // WeChat share cards on, against the fake WeChat API e2e/serve.mjs starts (e2e/fake-wechat.mjs),
  // which issues E2E_WECHAT_TICKET: the specs check wx.config's signature with it.
  WECHAT_APP_ID: 'wx-e2e-app',
  WECHAT_APP_SECRET: 'e2e-wechat-secret-9b2d',
  E2E_WECHAT_TICKET: 'e2e-jsapi-ticket-4c1f',
} as const;

/** The credential as accessToken takes it. */
export const E2E_CLIENT = { id: E2E_ENV.CLIENT_ID, secret: E2E_ENV.CLIENT_SECRET } as const;
