import fs from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { ErrorCode, type Envelope } from '@portal/api-client/codes';
import { HEALTH_PATHS } from '@portal/routes';
import { call, connect, nextAddress, type Client } from './client';

/**
 * The worst case of uploaded-image decoding (issue 23, item 11): UPLOADS avatar uploads at once, a
 * 160 KB single-colour PNG that decodes to 50 megapixels (just under the API's pixel limit) from
 * MEMBERS registered members (as many each as their per-minute cap lets through, so the decode
 * queue is what bounds them), while /healthz is asked again and again. Records how the uploads were
 * answered, the server's resident memory (sampled VmRSS) before and at its peak, and /healthz
 * latency during the burst.
 */
export const UPLOADS = 60;
export const MEMBERS = 6;
/** The largest square within the API's MAX_INPUT_PIXELS (50,000,000). */
const SIDE = 7071;
/** One upload's answer may take this long before it counts as a hang. */
const UPLOAD_TIMEOUT_MS = 120_000;
const HEALTH_TIMEOUT_MS = 10_000;
const SAMPLE_MS = 20;

export interface ImagesResult {
  /** What the server ran with: "defaults" (the bound) or the reference without one. */
  setting: string;
  uploads: number;
  members: number;
  pixels: number;
  pngBytes: number;
  stored: number;
  busy: number;
  rateLimited: number;
  /** Any other answer: 5xx other than the busy 503, other codes, network errors, timeouts. */
  other: number;
  seconds: number;
  uploadP50: number;
  uploadMax: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  healthz: { requests: number; p50: number; p99: number; max: number; failed: number };
}

/** A PNG of SIDE×SIDE RGB pixels of one colour: row filter "Up" makes every row after the first zeros. */
export function bigPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(SIDE, 0);
  ihdr.writeUInt32BE(SIDE, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const stride = 1 + SIDE * 3;
  const raw = Buffer.alloc(stride * SIDE);
  for (let x = 0; x < SIDE; x++) raw.set([0x33, 0x66, 0xcc], 1 + x * 3);
  for (let y = 1; y < SIDE; y++) raw[y * stride] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const rssMiB = (pid: number) => {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
};

const at = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;

interface Identity {
  stoken: string;
  member_id: number;
}

async function registerMembers(client: Client, tag: string): Promise<Identity[]> {
  const out: Identity[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const username = `img${tag}${i}`;
    const reg = await call(client, 'member_register', {
      username,
      mobile: `137${tag.padStart(4, '0').slice(-4)}${String(i).padStart(4, '0')}`,
      email: `${username}@example.com`,
      company: '压测公司',
      industry: 1,
      position: 1,
      department: 1,
      province: '北京市',
      city: '北京市',
      address: '海淀区',
      company_people: '26-99',
      password: 'soak-pass-123',
    });
    if (reg.code !== 0) throw new Error(`member_register: ${reg.code} ${reg.msg}`);
    const login = await call<{ id: number; stoken: string }>(client, 'member_login', {
      username,
      password: 'soak-pass-123',
    });
    if (login.code !== 0) throw new Error(`member_login: ${login.code} ${login.msg}`);
    out.push({ stoken: login.data.stoken, member_id: login.data.id });
  }
  return out;
}

async function uploadAvatar(
  client: Client,
  who: Identity,
  png: Buffer,
): Promise<{ status: number; code: number; ms: number }> {
  const form = new FormData();
  form.set('stoken', who.stoken);
  form.set('member_id', String(who.member_id));
  form.set('file', new Blob([png], { type: 'image/png' }), 'big.png');
  const began = performance.now();
  try {
    const res = await fetch(`${client.base}/api/member_upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}`, 'x-forwarded-for': nextAddress() },
      body: form,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
    const body = (await res.json()) as Envelope<unknown>;
    return { status: res.status, code: body.code, ms: performance.now() - began };
  } catch {
    return { status: 0, code: -1, ms: performance.now() - began };
  }
}

/** Asks /healthz one request after the other until `stop` resolves: each latency in ms, -1 failed. */
async function pingHealth(base: string, stop: Promise<unknown>): Promise<number[]> {
  let done = false;
  void stop.finally(() => (done = true));
  const out: number[] = [];
  while (!done) {
    const began = performance.now();
    try {
      const res = await fetch(base + HEALTH_PATHS.live, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
      await res.arrayBuffer();
      out.push(res.ok ? performance.now() - began : -1);
    } catch {
      out.push(-1);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return out;
}

/** One burst against a running server (`pid` is its process, for its resident memory). */
export async function imageBurst(
  base: string,
  pid: number,
  setting: string,
  clientId: string,
  clientSecret: string,
  tag: string,
): Promise<ImagesResult> {
  const client = await connect(base, clientId, clientSecret);
  const members = await registerMembers(client, tag);
  const png = bigPng();
  // Resident size at rest, after sign-ups and a moment to settle.
  await new Promise((r) => setTimeout(r, 1000));
  const rssBeforeMiB = rssMiB(pid);
  let rssPeakMiB = rssBeforeMiB;
  const sampler = setInterval(() => (rssPeakMiB = Math.max(rssPeakMiB, rssMiB(pid))), SAMPLE_MS);
  const began = Date.now();
  const burst = Promise.all(
    Array.from({ length: UPLOADS }, (_, i) => uploadAvatar(client, members[i % MEMBERS]!, png)),
  );
  const [answers, health] = await Promise.all([burst, pingHealth(base, burst)]);
  const seconds = Math.round((Date.now() - began) / 100) / 10;
  clearInterval(sampler);
  rssPeakMiB = Math.max(rssPeakMiB, rssMiB(pid));

  const count = (f: (a: (typeof answers)[number]) => boolean) => answers.filter(f).length;
  const stored = count((a) => a.status === 200 && a.code === ErrorCode.Ok);
  const busy = count((a) => a.status === 503 && a.code === ErrorCode.Overloaded);
  const rateLimited = count((a) => a.status === 429 && a.code === ErrorCode.RateLimited);
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  const ok = health.filter((ms) => ms >= 0).sort((a, b) => a - b);
  return {
    setting,
    uploads: UPLOADS,
    members: MEMBERS,
    pixels: SIDE * SIDE,
    pngBytes: png.length,
    stored,
    busy,
    rateLimited,
    other: UPLOADS - stored - busy - rateLimited,
    seconds,
    uploadP50: Math.round(at(times, 0.5)),
    uploadMax: Math.round(times.at(-1) ?? 0),
    rssBeforeMiB,
    rssPeakMiB,
    healthz: {
      requests: health.length,
      p50: Math.round(at(ok, 0.5) * 10) / 10,
      p99: Math.round(at(ok, 0.99) * 10) / 10,
      max: Math.round((ok.at(-1) ?? 0) * 10) / 10,
      failed: health.length - ok.length,
    },
  };
}

const table = (head: string[], rows: (string | number)[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

export interface ImagesReport {
  date: string;
  machine: { cpus: number; cpu: string; memGiB: number; node: string };
  runs: ImagesResult[];
}

/** bench/results/soak-images.json and soak-images.md (its own files: `--images-only` rewrites them alone). */
export function writeImagesReport(dir: string, r: ImagesReport): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'soak-images.json'), `${JSON.stringify(r, null, 2)}\n`);
  const first = r.runs[0];
  const md = [
    '# pnpm soak: image decodes',
    '',
    `${r.date} · ${r.machine.cpus} cores (${r.machine.cpu}) · ${r.machine.memGiB} GiB · Node ${r.machine.node}`,
    '',
    first
      ? `${first.uploads} avatar uploads at once (\`member_upload\`) from ${first.members} registered members, each a ${Math.round(first.pngBytes / 1024)} KB single-colour PNG of ${first.pixels.toLocaleString('en')} pixels (the pixel limit is 50,000,000), against the built gateway with the demo seed; \`/healthz\` asked one request after another meanwhile. Resident memory of the gateway process sampled every ${SAMPLE_MS} ms.`
      : 'No run.',
    '',
    table(
      [
        'server',
        'stored',
        'busy (10503)',
        'rate-limited (10008)',
        'other',
        'seconds',
        'upload p50 ms',
        'upload max ms',
        'RSS before MiB',
        'RSS peak MiB',
        '/healthz requests',
        '/healthz p50 ms',
        '/healthz p99 ms',
        '/healthz max ms',
        '/healthz failed',
      ],
      r.runs.map((x) => [
        x.setting,
        x.stored,
        x.busy,
        x.rateLimited,
        x.other,
        x.seconds,
        x.uploadP50,
        x.uploadMax,
        x.rssBeforeMiB,
        x.rssPeakMiB,
        x.healthz.requests,
        x.healthz.p50,
        x.healthz.p99,
        x.healthz.max,
        x.healthz.failed,
      ]),
    ),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'soak-images.md'), md);
}
