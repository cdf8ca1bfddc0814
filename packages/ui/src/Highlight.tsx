import { Fragment } from 'react';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Splits text into plain and matched parts (case-insensitive); longer terms win where terms overlap. */
export function splitMatches(text: string, terms: readonly string[]): { text: string; match: boolean }[] {
  const clean = [...new Set(terms.map((t) => t.trim()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (clean.length === 0 || !text) return [{ text, match: false }];
  const re = new RegExp(`(${clean.map(escapeRe).join('|')})`, 'gi');
  return text
    .split(re)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, match: clean.some((t) => t.toLowerCase() === part.toLowerCase()) }));
}

/** The search terms (ListItem.keys) in <mark>, as React text nodes: user input never becomes HTML. */
export function Highlight({ text, terms }: { text: string; terms?: readonly string[] }) {
  if (!terms || terms.length === 0) return <>{text}</>;
  return (
    <>
      {splitMatches(text, terms).map((p, i) =>
        p.match ? <mark key={i}>{p.text}</mark> : <Fragment key={i}>{p.text}</Fragment>,
      )}
    </>
  );
}
