/**
 * A phone number as every back-office list shows it: 138****5678 (the API masks before it answers;
 * the full number is a separate, audited read). At most the first 3 and last 4 characters of an
 * 11-character number show; shorter text shows its last 2 only; an empty answer stays empty.
 */
export function maskPhone(value: string): string {
  const text = value.trim();
  if (text === '') return '';
  if (text.length >= 11) return `${text.slice(0, 3)}****${text.slice(-4)}`;
  return text.length >= 6 ? `****${text.slice(-2)}` : '****';
}
