import { randomBytes, randomInt } from 'node:crypto';
import { loadSharp } from '../sharp';
import type { DragChallenge } from '@portal/api-client/contract';
import type { OnceStore } from '../once-store';

/**
 * The slider check behind drag_verify (DESIGN.md section 5: verified by the server, not only
 * drawn in the browser).
 *
 * drag_captcha draws a picture with a gap at a random `target` offset and returns the picture, the
 * piece cut out of it and the piece's row, but never the offset: the answer stays on the server
 * (Redis when set, memory otherwise) under a random id, bound to the client's address, for
 * CHALLENGE_TTL_MS. The visitor drags the piece onto the gap and the client sends
 * `drag_verify = "<id>:<offset>"`. Checking takes the answer out of the store whatever the outcome,
 * so each challenge gets exactly one try.
 */
export const TRACK_WIDTH = 300;
export const TRACK_HEIGHT = 150;
/** Width and height of the draggable piece. */
export const PIECE_SIZE = 40;
/** How far (px) from the gap a drop still counts. */
export const TOLERANCE = 6;
/** A challenge must be solved and used within this time (covers waiting for the SMS code). */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/**
 * Challenges one address may ask for a minute, member and back-office sliders together (both count
 * under challengeLimitKey).
 */
export const CHALLENGES_PER_IP_MINUTE = 30;
/** The limiter key of challenges asked from `addressKey` (see lib/address-key). */
export const challengeLimitKey = (addressKey: string) => `captcha:ip:${addressKey}`;
/** The outline drawn around the gap and the piece (the picture itself never reaches this value). */
export const OUTLINE = 255;
const OUTLINE_PX = 2;
/** Picture colours stay in this range, well below the outline. */
const COLOUR_MIN = 40;
const COLOUR_MAX = 200;
const CHANNELS = 3;

interface StoredAnswer {
  target: number;
  client: string;
}

const storeKey = (id: string) => `drag:${id}`;

/** Issues a challenge bound to `client` (the caller's address) and keeps its answer in `store`. */
export async function issueChallenge(store: OnceStore, client: string): Promise<DragChallenge> {
  const id = randomBytes(16).toString('base64url');
  // The gap leaves room on its left, so the piece's starting place is never near the answer.
  const target = randomInt(PIECE_SIZE * 2, TRACK_WIDTH - PIECE_SIZE);
  const y = randomInt(OUTLINE_PX * 4, TRACK_HEIGHT - PIECE_SIZE - OUTLINE_PX * 4);
  const { image, piece } = await drawPuzzle(target, y);
  const answer: StoredAnswer = { target, client };
  await store.put(storeKey(id), JSON.stringify(answer), CHALLENGE_TTL_MS);
  return { id, width: TRACK_WIDTH, height: TRACK_HEIGHT, piece_size: PIECE_SIZE, y, image, piece };
}

export type DragCheck = 'ok' | 'missed' | 'unknown';

const PROOF = /^([A-Za-z0-9_-]{16,64}):(\d{1,4}(?:\.\d{1,3})?)$/;

/**
 * Checks `<id>:<offset>` from `client`: 'ok' when the drop is within TOLERANCE of the gap, 'missed'
 * when it is not, 'unknown' for a malformed proof, an expired or spent challenge, or one another
 * client asked for. The challenge is spent by any check.
 */
export async function checkProof(store: OnceStore, proof: string, client: string): Promise<DragCheck> {
  const match = PROOF.exec(proof);
  if (!match) return 'unknown';
  const stored = await store.take(storeKey(match[1]));
  if (stored === null) return 'unknown';
  const answer = JSON.parse(stored) as StoredAnswer;
  if (answer.client !== client) return 'unknown';
  return Math.abs(Number(match[2]) - answer.target) <= TOLERANCE ? 'ok' : 'missed';
}

/**
 * The picture: a gradient between two random colours with translucent random discs, a darkened gap
 * with an outline at (target, y), and the piece cut from the same place with the same outline.
 */
async function drawPuzzle(target: number, y: number): Promise<{ image: string; piece: string }> {
  const w = TRACK_WIDTH;
  const h = TRACK_HEIGHT;
  const pixels = Buffer.alloc(w * h * CHANNELS);
  const colour = () => [0, 1, 2].map(() => randomInt(COLOUR_MIN, COLOUR_MAX + 1));
  const [from, to] = [colour(), colour()];
  for (let py = 0; py < h; py++) {
    for (let px = 0; px < w; px++) {
      const t = (px / w + py / h) / 2;
      for (let c = 0; c < CHANNELS; c++)
        pixels[(py * w + px) * CHANNELS + c] = Math.round(from[c] + (to[c] - from[c]) * t);
    }
  }
  for (let i = 0; i < 8; i++) {
    const [cx, cy, r] = [randomInt(0, w), randomInt(0, h), randomInt(12, 45)];
    const disc = colour();
    for (let py = Math.max(0, cy - r); py < Math.min(h, cy + r); py++) {
      for (let px = Math.max(0, cx - r); px < Math.min(w, cx + r); px++) {
        if ((px - cx) ** 2 + (py - cy) ** 2 > r * r) continue;
        for (let c = 0; c < CHANNELS; c++) {
          const at = (py * w + px) * CHANNELS + c;
          pixels[at] = Math.round((pixels[at] + disc[c]) / 2);
        }
      }
    }
  }

  const size = PIECE_SIZE;
  const piece = Buffer.alloc(size * size * CHANNELS);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const edge = px < OUTLINE_PX || py < OUTLINE_PX || px >= size - OUTLINE_PX || py >= size - OUTLINE_PX;
      const at = ((y + py) * w + target + px) * CHANNELS;
      for (let c = 0; c < CHANNELS; c++) {
        piece[(py * size + px) * CHANNELS + c] = edge ? OUTLINE : pixels[at + c];
        pixels[at + c] = edge ? OUTLINE : Math.round(pixels[at + c] * 0.4);
      }
    }
  }
  const sharp = await loadSharp();
  const png = async (data: Buffer, width: number, height: number) =>
    `data:image/png;base64,${(
      await sharp(data, { raw: { width, height, channels: CHANNELS } })
        .png()
        .toBuffer()
    ).toString('base64')}`;
  return { image: await png(pixels, w, h), piece: await png(piece, size, size) };
}
