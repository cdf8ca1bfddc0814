import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRuns, fuzzSeed, hostileString, repetitiveText, repetitiveWords } from '@portal/fuzz';
import { Automaton } from '../src/lib/moderation/automaton';
import { replaceHtmlRuns, textOfHtml } from '../src/lib/moderation/html';
import { MAX_HITS, applyRuns, buildMatcher, maskRuns, type DictEntry } from '../src/lib/moderation/matcher';
import { normalize, normalizedWord } from '../src/lib/moderation/normalize';

const entry = (
  id: number,
  word: string,
  level: DictEntry['level'] = 'block',
  replacement = '',
): DictEntry => ({
  id,
  word,
  level,
  replacement,
});

describe('normalisation', () => {
  it('folds full width, case, Traditional and noise, and keeps each character’s place', () => {
    expect(normalizedWord('ＡＢｃ１２')).toBe('abc12');
    expect(normalizedWord('測試違禁詞')).toBe('测试违禁词');
    expect(normalizedWord('測 試・違\u200b禁★詞！')).toBe('测试违禁词');
    expect(normalizedWord('Ⓐ㈱')).toBe('a株');
    const text = 'x 測\u{1F600}試';
    const n = normalize(text);
    expect([...n.chars.subarray(0, n.length)].map((c) => String.fromCodePoint(c)).join('')).toBe('x测试');
    expect([...n.starts.subarray(0, n.length)]).toEqual([0, 2, 5]);
    expect([...n.ends.subarray(0, n.length)]).toEqual([1, 3, 6]);
  });

  it('keeps ASCII letters (in lower case) and digits, and drops every other ASCII character', () => {
    for (let cp = 0; cp < 0x80; cp++) {
      const ch = String.fromCharCode(cp);
      expect(normalizedWord(ch)).toBe(/^[a-z0-9]$/i.test(ch) ? ch.toLowerCase() : '');
    }
  });

  it('never throws and maps every character inside the text, whatever it is given', () => {
    fc.assert(
      fc.property(hostileString, (text) => {
        const n = normalize(text);
        for (let i = 0; i < n.length; i++) {
          expect(n.starts[i]!).toBeLessThan(n.ends[i]!);
          expect(n.ends[i]!).toBeLessThanOrEqual(text.length);
          if (i > 0) expect(n.starts[i]!).toBeGreaterThanOrEqual(n.starts[i - 1]!);
        }
      }),
      { numRuns: fuzzRuns(500), seed: fuzzSeed() },
    );
  });
});

describe('matcher', () => {
  const m = buildMatcher([
    entry(1, '测试违禁词'),
    entry(2, '测试审核词', 'review'),
    entry(3, '测试替换词', 'mask'),
    entry(4, 'bad', 'mask', '[x]'),
    entry(5, '，，'), // only punctuation: left out, never matches everything
  ]);

  it('finds each evasion and maps the hit to what was written', () => {
    expect(m.size).toBe(4);
    for (const text of [
      '这是测试违禁词。',
      '這是測試違禁詞',
      '测 试 违 禁 词',
      '测.试★违-禁_词',
      '测\u200b试违禁词',
    ]) {
      const [hit, ...rest] = m.find(text);
      expect(rest).toEqual([]);
      expect(hit!.entry.id).toBe(1);
      expect(normalizedWord(text.slice(hit!.start, hit!.end))).toBe('测试违禁词');
      expect(text.slice(hit!.start, hit!.end)).toMatch(/^[测測].*[词詞]$/u);
    }
    expect(m.find('测试违禁')).toEqual([]);
    expect(m.find('测试a违禁词')).toEqual([]); // a letter is not noise
  });

  it('masks hits with their replacement or one * per character, merging overlaps', () => {
    const text = '測试替换词和BAD和ｂａｄ';
    expect(applyRuns(text, maskRuns(text, m.find(text)))).toBe('*****和[x]和[x]');
    const nested = buildMatcher([entry(1, 'ab', 'mask', 'R'), entry(2, 'bc', 'mask', 'S')]);
    expect(applyRuns('xabcx', maskRuns('xabcx', nested.find('xabcx')))).toBe('x***x');
    expect(applyRuns('ab-ab', maskRuns('ab-ab', nested.find('ab-ab')))).toBe('R-R');
  });

  it('masks inside HTML text only, across markup and entities', () => {
    const html = '<p title="测试替换词">前<b>测试</b>替&#x6362;词&amp;后</p>';
    const source = textOfHtml(html);
    expect(source.text).toBe('前测试替换词&后');
    expect(replaceHtmlRuns(html, source, maskRuns(source.text, m.find(source.text)))).toBe(
      '<p title="测试替换词">前<b>*****</b>&amp;后</p>',
    );
  });

  it('keeps at most MAX_HITS hits of a text made only of words', () => {
    const one = buildMatcher([entry(1, 'a')]);
    expect(one.find('a'.repeat(MAX_HITS + 10))).toHaveLength(MAX_HITS);
  });
});

describe('automaton', () => {
  /** Per position, per class, the longest pattern ending there (the first of equal patterns). */
  const bruteForce = (patterns: { chars: number[]; cls: number }[], classes: number, text: number[]) => {
    const seen = new Set<string>();
    const kept = patterns.flatMap((p, index) => {
      const key = p.chars.join();
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ ...p, index }];
    });
    const hits: [number, number][] = [];
    for (let end = 0; end < text.length; end++)
      for (let cls = 0; cls < classes; cls++) {
        let longest: (typeof kept)[number] | undefined;
        for (const p of kept) {
          const start = end - p.chars.length + 1;
          if (p.cls !== cls || start < 0 || (longest && longest.chars.length >= p.chars.length)) continue;
          if (p.chars.every((c, k) => text[start + k] === c)) longest = p;
        }
        if (longest) hits.push([longest.index, end]);
      }
    return hits;
  };
  // Twenty characters (more than a state searches one by one), astral ones too, and one in no word.
  const alphabet = [...'abcdefghij测试違禁词审核替换\u{20000}\u{1F600}'].map((c) => c.codePointAt(0)!);
  const stranger = 'z'.codePointAt(0)!;
  /** Half the words begin with a: its state has more children than are searched one by one. */
  const word = fc
    .tuple(
      fc.oneof(fc.constant(alphabet[0]!), fc.constantFrom(...alphabet)),
      fc.array(fc.constantFrom(...alphabet), { maxLength: 3 }),
    )
    .map(([head, tail]) => [head, ...tail]);

  it('reports exactly what a brute-force search reports (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 120, size: 'max' }),
        fc.array(fc.constantFrom(...alphabet, stranger), { maxLength: 300, size: 'max' }),
        fc.constantFrom(1, 3),
        (words, text, classes) => {
          const patterns = words.map((chars, i) => ({ chars, cls: i % classes }));
          const hits: [number, number][] = [];
          new Automaton(patterns, classes).scan(Uint32Array.from(text), text.length, (p, end) =>
            hits.push([p, end]),
          );
          expect(hits).toEqual(bruteForce(patterns, classes, text));
        },
      ),
      { numRuns: fuzzRuns(300), seed: fuzzSeed() },
    );
  });
});

describe('no input makes the check superlinear (fast-check)', () => {
  it('the automaton looks up at most 2 transitions per character and reports at most one hit per level', () => {
    fc.assert(
      fc.property(repetitiveWords, repetitiveText(5_000), fc.constantFrom(1, 3), (words, text, classes) => {
        const patterns = words.map((w, i) => ({
          chars: [...w].map((c) => c.codePointAt(0)!),
          cls: i % classes,
        }));
        const automaton = new Automaton(patterns, classes);
        const n = normalize(text);
        let hits = 0;
        const steps = automaton.scan(n.chars, n.length, () => hits++);
        expect(steps).toBeLessThanOrEqual(2 * n.length);
        expect(hits).toBeLessThanOrEqual(classes * n.length);
      }),
      { numRuns: fuzzRuns(200), seed: fuzzSeed() },
    );
  });

  it('the matcher’s hits grow with the text, not with the words nested in it', () => {
    fc.assert(
      fc.property(repetitiveWords, repetitiveText(2_000), (words, text) => {
        const matcher = buildMatcher(
          words.map((w, i) => entry(i + 1, w, (['block', 'review', 'mask'] as const)[i % 3])),
        );
        expect(matcher.find(text).length).toBeLessThanOrEqual(3 * text.length);
      }),
      { numRuns: fuzzRuns(100), seed: fuzzSeed() },
    );
  });
});
