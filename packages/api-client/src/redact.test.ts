import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl, scrubSecrets, serializeRequest } from './redact';

describe('redactUrl', () => {
  it('replaces every secret query value and keeps the rest', () => {
    expect(redactUrl('/api/space_channel?page=2&stoken=abc&member_id=4&code=1234&password=x')).toBe(
      `/api/space_channel?page=2&stoken=${REDACTED}&member_id=4&code=${REDACTED}&password=${REDACTED}`,
    );
    // Encoded names and malformed escapes are recognised, never thrown on.
    expect(redactUrl('/a?%73token=abc&x=%E0%A4%A')).toBe(`/a?%73token=${REDACTED}&x=%E0%A4%A`);
    expect(redactUrl('/a?user_id=u1&access_token=t#frag')).toBe(
      `/a?user_id=${REDACTED}&access_token=${REDACTED}`,
    );
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });
});

describe('scrubSecrets', () => {
  it('replaces secrets by name at any depth, and a payload code, but keeps a log line code', () => {
    const scrubbed = scrubSecrets({
      code: 'FST_ERR',
      body: { username: 'u', password: 'p', code: '123456', nested: [{ stoken: 's' }] },
      headers: { authorization: 'Bearer t', cookie: 'a=b', 'x-stoken': 's2', accept: '*/*' },
      url: '/api/x?stoken=s3',
    });
    expect(scrubbed).toEqual({
      code: 'FST_ERR',
      body: { username: 'u', password: REDACTED, code: REDACTED, nested: [{ stoken: REDACTED }] },
      headers: { authorization: REDACTED, cookie: REDACTED, 'x-stoken': REDACTED, accept: '*/*' },
      url: `/api/x?stoken=${REDACTED}`,
    });
  });
});

describe('serializeRequest', () => {
  it('logs the request line without the URL secrets and without headers', () => {
    const line = serializeRequest({ method: 'GET', url: '/api/x?stoken=s', ip: '1.2.3.4', host: 'h' });
    expect(line).toEqual({
      method: 'GET',
      url: `/api/x?stoken=${REDACTED}`,
      host: 'h',
      remoteAddress: '1.2.3.4',
      remotePort: undefined,
    });
  });
});
