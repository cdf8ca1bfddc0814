import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@portal/api-client/codes';
import type { ApiConfig } from '../../config';
import { ApiError } from '../../lib/envelope';
import { ok } from '@portal/api-client/envelope';
import { defineCall } from '../define-call';
import { sitePage } from '../../lib/site-page';
import { jsapiSignature, nonceStr } from '../../lib/wechat/signature';
import { MemoryCredentialStore, RedisCredentialStore } from '../../lib/wechat/store';
import { WechatTickets } from '../../lib/wechat/tickets';

/**
 * The page address to sign: a URL on one of the portal's public origins, normalised as a browser's
 * location.href is, without its fragment. Anything else is refused: the signature would let
 * another site use this official account's JS-SDK permissions.
 */
function pageToSign(url: string, origins: ReadonlySet<string>): string {
  const page = sitePage(url, origins);
  if (!page.ok) {
    throw page.why === 'format'
      ? new ApiError(ErrorCode.Validation, '页面地址格式不正确')
      : new ApiError(ErrorCode.WechatUrlRefused);
  }
  page.url.hash = '';
  return page.url.href;
}

/** WeChat share cards (issue 26): the JS-SDK's wx.config signature for a page of this site. */
export default async function wechatRoutes(app: FastifyInstance, { config }: { config: ApiConfig }) {
  const settings = config.wechat;
  const tickets = settings
    ? new WechatTickets(
        settings,
        app.redis ? new RedisCredentialStore(app.redis, settings.appId) : new MemoryCredentialStore(),
        { log: app.log },
      )
    : null;
  const origins = new Set([config.publicOrigins.desktop, config.publicOrigins.mobile]);

  defineCall(app, 'wechat_signature', async ({ url }) => {
    if (!settings || !tickets) throw new ApiError(ErrorCode.WechatOff);
    const page = pageToSign(url, origins);
    const ticket = await tickets.ticket();
    const timestamp = Math.floor(Date.now() / 1000);
    const nonce = nonceStr();
    return ok({
      appId: settings.appId,
      timestamp,
      nonceStr: nonce,
      signature: jsapiSignature({ ticket, nonceStr: nonce, timestamp, url: page }),
    });
  });
}
