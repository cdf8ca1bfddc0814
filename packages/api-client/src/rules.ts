/**
 * The spec's single-field rules (section 5) and the text helpers they need, written once: the
 * entity schemas (entities/schema.ts) build their fields from them, ./schemas its other forms and
 * ./payloads the calls' payloads.
 */
import { number, string } from 'yup';
import { MAX_ID, PHONE_MAX_LENGTH, PHONE_PATTERN } from './constants';
import { htmlTextContent } from './html-text';

const ENTITIES = /&(nbsp|#160|#xa0|ensp|emsp|thinsp|zwnj|zwj|#8203|#x200b);/gi;

/**
 * True when rich-text editor HTML holds nothing a reader would see: '<p><br></p>', whitespace,
 * &nbsp; only. Media (img, video, iframe, table, hr) count as content. Linear in the input (it runs
 * in request validation on whatever a member sends) and DOM-free, so it runs in Node too.
 */
export function isEditorEmpty(html: string | null | undefined): boolean {
  if (html == null) return true;
  if (/<(?:img|video|iframe|embed|object|audio|table|hr)\b/i.test(html)) return false;
  const text = htmlTextContent(html)
    .replace(ENTITIES, '')
    .replace(/[\s\u00a0\u200b\u3000\ufeff]+/g, '');
  return text.length === 0;
}

/** Length of `text` in UTF-8 bytes, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair is one 4-byte character (a lone surrogate is sent as U+FFFD, 3 bytes).
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** '云计算， AI,,存储 ' → '云计算,AI,存储': one separator, no blanks or repeats (Chinese commas accepted). */
export function normalizeKeywords(value: string | null | undefined): string {
  if (!value) return '';
  const seen = new Set<string>();
  for (const part of value.split(/[,，、]/)) {
    const keyword = part.trim();
    if (keyword) seen.add(keyword);
  }
  return [...seen].join(',');
}

/** The spec's mobile number: required, 11 digits starting 13–19. */
export const mobile = (requiredMessage: string, invalidMessage: string) =>
  string()
    .trim()
    .required(requiredMessage)
    .max(PHONE_MAX_LENGTH, invalidMessage)
    .matches(PHONE_PATTERN, { message: invalidMessage, excludeEmptyString: true });

/** An option id chosen from a select: '' or 0 (nothing chosen) is reported as the required message. */
export const optionId = (message: string) =>
  number().typeError(message).required(message).integer(message).moreThan(0, message).max(MAX_ID, message);

/** yup's trim() throws on non-strings; this one leaves them for typeError to report. */
export const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** The spec's clients send '' (or blanks) for a filter the reader left unset. */
const isBlank = (original: unknown) => typeof original === 'string' && original.trim() === '';

/**
 * yup turns [1] or true into numbers; only numbers and numeric strings (query strings) count.
 * A blank string means "not set": undefined, so the field's default (or required rule) applies.
 */
const onlyScalars = (value: unknown, original: unknown) => {
  if (isBlank(original)) return undefined;
  return original == null || typeof original === 'number' || typeof original === 'string' ? value : NaN;
};

/**
 * Any integer a call's payload sends (./payloads, an entity's `format: 'id'`); every one has a
 * maximum (a time in ms at most), narrower ones add their own.
 */
export const int = (label: string) =>
  number()
    .transform(onlyScalars)
    .typeError(`${label}必须是数字`)
    .integer(`${label}必须是整数`)
    .max(Number.MAX_SAFE_INTEGER, `${label}超出范围`);

/** An id where 0 means "all" / "latest" / "none". */
export const idOrZero = (label: string) =>
  int(label).min(0, `${label}不正确`).max(MAX_ID, `${label}超出范围`);
