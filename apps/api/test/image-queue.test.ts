import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@portal/api-client/codes';
import { MSG } from '@portal/api-client/messages';
import { createDecodeQueue } from '../src/lib/decode-queue';
import { ApiError } from '../src/lib/envelope';
import { MAX_INPUT_PIXELS } from '../src/lib/images';
import { adminUpload, editorSession } from './editor-helpers';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { insertMemberFixtures, newMember, upload, type Session } from './member-helpers';

/**
 * Issue 23, item 11: every decode of an uploaded image passes one queue per process, at most
 * `concurrency` at once and `maxWaiting` in line; beyond that the upload is answered 10503 with
 * MSG.imageBusy at once (not a 500, not a hang).
 */

/** The largest square that passes MAX_INPUT_PIXELS, one colour: ~160 KB that decodes to 50 MP. */
const SIDE = Math.floor(Math.sqrt(MAX_INPUT_PIXELS));
let bomb: Buffer;
beforeAll(async () => {
  bomb = await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#3366cc' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}, 60_000);

/** A promise and the function that settles it. */
function deferred(): { promise: Promise<void>; release: () => void } {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('decode queue', () => {
  it('runs at most N of N+k decodes at once, the k waiting ones later, and refuses the next', async () => {
    const N = 3;
    const k = 4;
    const queue = createDecodeQueue({ concurrency: N, maxWaiting: k });
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const gates = Array.from({ length: N + k }, deferred);
    const results = gates.map((gate, i) =>
      queue.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        started.push(i);
        await gate.promise;
        running -= 1;
        return i;
      }),
    );
    // The line is full: the next one is refused without waiting.
    await expect(queue.run(async () => 'late')).rejects.toMatchObject({
      code: ErrorCode.Overloaded,
      message: MSG.imageBusy,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual([0, 1, 2]);
    // Release them one by one: each release lets exactly one waiting decode start.
    for (let i = 0; i < N + k; i++) {
      gates[i].release();
      await results[i];
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(running).toBeLessThanOrEqual(N);
      expect(started).toHaveLength(Math.min(N + k, N + i + 1));
    }
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(N);
    // A failed decode frees its slot too.
    await expect(queue.run(() => Promise.reject(new Error('bad')))).rejects.toThrow('bad');
    expect(await queue.run(async () => 'again')).toBe('again');
  });

  it('refuses with an ApiError that answers HTTP 503', async () => {
    const queue = createDecodeQueue({ concurrency: 1, maxWaiting: 0 });
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    const refused = await queue.run(async () => undefined).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).statusCode).toBe(503);
    gate.release();
    await first;
  });
});

describe.each(DIALECTS)('image decodes of uploads on %s', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  let members: Session[];
  const CONCURRENCY = 2;
  const WAITING = 4;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-queue-'));
    t = await startTestApp(dialect, (app) => insertMemberFixtures(app.database), {
      dataDir,
      imageDecodeConcurrency: CONCURRENCY,
      imageDecodeQueue: WAITING,
    });
    members = [await newMember(t), await newMember(t), await newMember(t)];
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const avatar = (m: Session) =>
    upload<string>(t, 'member_upload', m.identity, { name: 'big.png', type: 'image/png', data: bomb });

  it(`${CONCURRENCY + WAITING} parallel 50-megapixel avatars: never more than ${CONCURRENCY} decoding`, async () => {
    // libvips' own count of images being processed, sampled while the uploads run.
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, sharp.counters().process)), 1);
    try {
      const res = await Promise.all([...members, ...members].map(avatar));
      expect(res.map((r) => r.body.code)).toEqual(Array<number>(CONCURRENCY + WAITING).fill(0));
    } finally {
      clearInterval(sampler);
    }
    expect(peak).toBeGreaterThanOrEqual(1);
    expect(peak).toBeLessThanOrEqual(CONCURRENCY);
  }, 60_000);

  it('a flood beyond the queue: 503 with 10503 and the busy message, never a 500, and the server recovers', async () => {
    // Both slots taken by decodes that last until released: each upload of the flood meets a full gate.
    const gates = [deferred(), deferred()];
    const held = gates.map((g) => t.app.imageDecodes.run(() => g.promise));
    let answered = 0;
    const sends = Array.from({ length: WAITING + 4 }, (_, i) =>
      avatar(members[i % members.length]).finally(() => (answered += 1)),
    );
    // WAITING wait in line; the other four are refused at once, while the slots are still held.
    await expect.poll(() => answered, { timeout: 20_000 }).toBe(4);
    for (const g of gates) g.release();
    await Promise.all(held);
    const flood = await Promise.all(sends);
    const busy = flood.filter((r) => r.status === 503);
    expect(busy).toHaveLength(4);
    for (const r of busy)
      expect(r.body).toEqual({ code: ErrorCode.Overloaded, msg: MSG.imageBusy, data: null });
    expect(flood.filter((r) => r.status === 200 && r.body.code === 0)).toHaveLength(WAITING);
    // No temporary file of a refused upload is left behind.
    expect(fs.readdirSync(path.join(dataDir, 'uploads', '.tmp'))).toEqual([]);
    expect((await avatar(members[0])).body.code).toBe(0);
  }, 60_000);

  it('the back office: an image upload meeting a full queue answers 503 with the busy message', async () => {
    const desk = await editorSession(t, 'imgdesk', 'editor');
    const data = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const send = () => adminUpload(t, desk, '/media', { name: 'a.png', type: 'image/png', data });
    // Every slot and every place in line taken.
    const gates = Array.from({ length: CONCURRENCY + WAITING }, deferred);
    const held = gates.map((g) => t.app.imageDecodes.run(() => g.promise));
    const res = await send();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: MSG.imageBusy });
    for (const g of gates) g.release();
    await Promise.all(held);
    expect((await send()).statusCode).toBe(201);
  }, 60_000);
});
