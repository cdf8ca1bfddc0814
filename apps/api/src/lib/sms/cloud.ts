import { randomUUID } from 'node:crypto';
import { aliyunPercent as pct, aliyunRpcSignature, aliyunTimestamp, tc3Request } from '../cloud-signing';
import type { SmsProvider } from './provider';

/**
 * Real SMS providers. Each signs its own HTTPS request with node:crypto; `fetchImpl` is
 * injectable so tests check the request without any network call.
 *
 * Aliyun (SMS_PROVIDER=aliyun): ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET,
 *   ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE (template with a ${code} variable),
 *   optional ALIYUN_SMS_ENDPOINT (default https://dysmsapi.aliyuncs.com).
 * Tencent Cloud (SMS_PROVIDER=tencent): TENCENT_SMS_SECRET_ID, TENCENT_SMS_SECRET_KEY,
 *   TENCENT_SMS_SDK_APP_ID, TENCENT_SMS_SIGN_NAME, TENCENT_SMS_TEMPLATE_ID (one parameter: the code),
 *   optional TENCENT_SMS_REGION (default ap-guangzhou).
 */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{
  ok: boolean;
  status: number;
  text(): Promise<string>;
}>;

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint?: string;
}

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  constructor(
    private readonly config: AliyunSmsConfig,
    private readonly fetchImpl: FetchLike = fetch as unknown as FetchLike,
    private readonly now: () => number = Date.now,
  ) {}

  /** The signed GET URL (RPC signature v1, HMAC-SHA1). */
  signedUrl(mobile: string, code: string, nonce = randomUUID()): string {
    const params: Record<string, string> = {
      AccessKeyId: this.config.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: mobile,
      RegionId: 'cn-hangzhou',
      SignName: this.config.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: nonce,
      SignatureVersion: '1.0',
      TemplateCode: this.config.templateCode,
      TemplateParam: JSON.stringify({ code }),
      Timestamp: aliyunTimestamp(this.now()),
      Version: '2017-05-25',
    };
    const { query, signature } = aliyunRpcSignature('GET', params, this.config.accessKeySecret);
    const endpoint = this.config.endpoint ?? 'https://dysmsapi.aliyuncs.com';
    return `${endpoint}/?Signature=${pct(signature)}&${query}`;
  }

  async send(mobile: string, code: string): Promise<void> {
    const res = await this.fetchImpl(this.signedUrl(mobile, code), { method: 'GET', headers: {} });
    const text = await res.text();
    let body: { Code?: string; Message?: string } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      /* reported below */
    }
    if (!res.ok || body.Code !== 'OK')
      throw new Error(
        `aliyun sms failed: ${res.status} ${body.Code ?? ''} ${body.Message ?? text.slice(0, 200)}`,
      );
  }
}

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region?: string;
}

export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  private readonly host = 'sms.tencentcloudapi.com';
  constructor(
    private readonly config: TencentSmsConfig,
    private readonly fetchImpl: FetchLike = fetch as unknown as FetchLike,
    private readonly now: () => number = Date.now,
  ) {}

  /** Headers and body of a SendSms call signed with TC3-HMAC-SHA256. */
  signedRequest(
    mobile: string,
    code: string,
  ): { url: string; headers: Record<string, string>; body: string } {
    return tc3Request({
      secretId: this.config.secretId,
      secretKey: this.config.secretKey,
      service: 'sms',
      origin: new URL(`https://${this.host}`),
      action: 'SendSms',
      version: '2021-01-11',
      payload: {
        PhoneNumberSet: [`+86${mobile}`],
        SmsSdkAppId: this.config.sdkAppId,
        SignName: this.config.signName,
        TemplateId: this.config.templateId,
        TemplateParamSet: [code],
      },
      now: this.now(),
      headers: { Host: this.host, 'X-TC-Region': this.config.region ?? 'ap-guangzhou' },
    });
  }

  async send(mobile: string, code: string): Promise<void> {
    const req = this.signedRequest(mobile, code);
    const res = await this.fetchImpl(req.url, { method: 'POST', headers: req.headers, body: req.body });
    const text = await res.text();
    let status: { Code?: string; Message?: string } | undefined;
    try {
      const parsed = JSON.parse(text) as {
        Response?: {
          Error?: { Code: string; Message: string };
          SendStatusSet?: { Code: string; Message: string }[];
        };
      };
      status = parsed.Response?.Error ?? parsed.Response?.SendStatusSet?.[0];
    } catch {
      /* reported below */
    }
    if (!res.ok || status?.Code !== 'Ok')
      throw new Error(
        `tencent sms failed: ${res.status} ${status?.Code ?? ''} ${status?.Message ?? text.slice(0, 200)}`,
      );
  }
}
