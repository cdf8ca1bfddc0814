import { createHash, createHmac, randomUUID } from 'node:crypto';
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

/** RFC 3986 encoding as Aliyun's RPC signature requires. */
const pct = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

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
      Timestamp: new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const query = Object.keys(params)
      .sort()
      .map((k) => `${pct(k)}=${pct(params[k])}`)
      .join('&');
    const toSign = `GET&${pct('/')}&${pct(query)}`;
    const signature = createHmac('sha1', `${this.config.accessKeySecret}&`).update(toSign).digest('base64');
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

const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();

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
    const body = JSON.stringify({
      PhoneNumberSet: [`+86${mobile}`],
      SmsSdkAppId: this.config.sdkAppId,
      SignName: this.config.signName,
      TemplateId: this.config.templateId,
      TemplateParamSet: [code],
    });
    const timestamp = Math.floor(this.now() / 1000);
    const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
    const canonical = [
      'POST',
      '/',
      '',
      `content-type:application/json; charset=utf-8\nhost:${this.host}\n`,
      'content-type;host',
      sha256hex(body),
    ].join('\n');
    const scope = `${date}/sms/tc3_request`;
    const toSign = ['TC3-HMAC-SHA256', String(timestamp), scope, sha256hex(canonical)].join('\n');
    const kDate = hmac(`TC3${this.config.secretKey}`, date);
    const kService = hmac(kDate, 'sms');
    const kSigning = hmac(kService, 'tc3_request');
    const signature = createHmac('sha256', kSigning).update(toSign).digest('hex');
    return {
      url: `https://${this.host}/`,
      body,
      headers: {
        Authorization: `TC3-HMAC-SHA256 Credential=${this.config.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`,
        'Content-Type': 'application/json; charset=utf-8',
        Host: this.host,
        'X-TC-Action': 'SendSms',
        'X-TC-Version': '2021-01-11',
        'X-TC-Timestamp': String(timestamp),
        'X-TC-Region': this.config.region ?? 'ap-guangzhou',
      },
    };
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
