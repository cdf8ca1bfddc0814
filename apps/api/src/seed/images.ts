import { renderSVG } from 'uqr';
import type { Rng } from './random';

/**
 * Generated SVG artwork for the demo content: gradients, simple shapes and a short Chinese caption.
 * No script, no external reference (the gateway serves them as image/svg+xml under a strict CSP).
 */

const PALETTES: readonly [string, string][] = [
  ['#1e3c72', '#2a5298'],
  ['#0f2027', '#2c5364'],
  ['#134e5e', '#71b280'],
  ['#373b44', '#4286f4'],
  ['#42275a', '#734b6d'],
  ['#0b486b', '#f56217'],
  ['#1d2b64', '#f8cdda'],
  ['#16222a', '#3a6073'],
  ['#2b5876', '#4e4376'],
  ['#004e92', '#000428'],
  ['#c33764', '#1d2671'],
  ['#e65c00', '#f9d423'],
  ['#11998e', '#38ef7d'],
  ['#8e2de2', '#4a00e0'],
];

const FONT = "'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC',sans-serif";

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function decorations(rng: Rng, w: number, h: number): string {
  const out: string[] = [];
  for (let i = 0; i < 6; i++) {
    const r = rng.int(Math.round(h / 10), Math.round(h / 2));
    out.push(
      `<circle cx="${rng.int(0, w)}" cy="${rng.int(0, h)}" r="${r}" fill="#fff" fill-opacity="${(rng.int(4, 12) / 100).toFixed(2)}"/>`,
    );
  }
  for (let i = 0; i < 4; i++) {
    const y = rng.int(0, h);
    out.push(
      `<path d="M0 ${y} L${w} ${rng.int(0, h)}" stroke="#fff" stroke-opacity="0.12" stroke-width="${rng.int(1, 3)}"/>`,
    );
  }
  return out.join('');
}

export interface PictureSpec {
  width: number;
  height: number;
  /** Big caption. */
  title: string;
  /** Small caption above the title. */
  tag?: string;
  /** Line under the title. */
  subtitle?: string;
}

/** A picture with a gradient background and captions sized to fit. */
export function picture(rng: Rng, spec: PictureSpec): string {
  const { width: w, height: h } = spec;
  const [c1, c2] = rng.pick(PALETTES);
  const titleChars = Math.max(4, Array.from(spec.title).length);
  const size = Math.round(Math.min(h * 0.2, (w * 0.84) / titleChars));
  const pad = Math.round(w * 0.07);
  const tagSize = Math.round(size * 0.45);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`,
    decorations(rng, w, h),
  ];
  const mid = Math.round(h * 0.55);
  if (spec.tag) {
    parts.push(
      `<rect x="${pad}" y="${mid - size - tagSize * 2.2}" width="${Math.round(Array.from(spec.tag).length * tagSize + tagSize)}" height="${Math.round(tagSize * 1.6)}" rx="${Math.round(tagSize * 0.3)}" fill="#fff" fill-opacity="0.2"/>`,
      `<text x="${pad + Math.round(tagSize / 2)}" y="${mid - size - Math.round(tagSize * 1.0)}" font-family="${FONT}" font-size="${tagSize}" fill="#fff">${esc(spec.tag)}</text>`,
    );
  }
  parts.push(
    `<text x="${pad}" y="${mid}" font-family="${FONT}" font-size="${size}" font-weight="bold" fill="#fff">${esc(spec.title)}</text>`,
  );
  if (spec.subtitle) {
    const sub = Math.round(Math.min(size * 0.5, (w * 0.84) / Math.max(8, Array.from(spec.subtitle).length)));
    parts.push(
      `<text x="${pad}" y="${mid + Math.round(size * 0.9)}" font-family="${FONT}" font-size="${sub}" fill="#fff" fill-opacity="0.85">${esc(spec.subtitle)}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}

/** A round avatar with the person's family name. */
export function avatar(rng: Rng, name: string): string {
  const [c1, c2] = rng.pick(PALETTES);
  const ch = esc(Array.from(name)[0] ?? '?');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>`,
    '<rect width="200" height="200" rx="100" fill="url(#g)"/>',
    `<text x="100" y="100" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="88" fill="#fff">${ch}</text>`,
    '</svg>',
  ].join('');
}

/** A white paper cover (portrait). */
export function cover(rng: Rng, title: string, tag: string): string {
  const [c1, c2] = rng.pick(PALETTES);
  const lines: string[] = [];
  const chars = Array.from(title);
  for (let i = 0; i < chars.length && lines.length < 4; i += 9) lines.push(chars.slice(i, i + 9).join(''));
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>`,
    '<rect width="300" height="400" fill="url(#g)"/>',
    decorations(rng, 300, 400),
    `<text x="24" y="48" font-family="${FONT}" font-size="16" fill="#fff" fill-opacity="0.8">${esc(tag)}</text>`,
    ...lines.map(
      (l, i) =>
        `<text x="24" y="${150 + i * 34}" font-family="${FONT}" font-size="26" font-weight="bold" fill="#fff">${esc(l)}</text>`,
    ),
    `<text x="24" y="370" font-family="${FONT}" font-size="14" fill="#fff" fill-opacity="0.8">白皮书 WHITE PAPER</text>`,
    '</svg>',
  ].join('');
}

/** A real, scannable QR code of `text` with a caption under it. */
export function qrcode(text: string, caption: string): string {
  const qr = renderSVG(text, { border: 2, pixelSize: 6 });
  const inner = qr.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const size = Number(/viewBox="0 0 (\d+)/.exec(qr)?.[1] ?? 200);
  const total = size + 36;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${total}" viewBox="0 0 ${size} ${total}">`,
    `<rect width="${size}" height="${total}" fill="#fff"/>`,
    inner,
    `<text x="${size / 2}" y="${size + 24}" text-anchor="middle" font-family="${FONT}" font-size="16" fill="#333">${esc(caption)}</text>`,
    '</svg>',
  ].join('');
}
