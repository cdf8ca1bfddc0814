import { describe, expect, it } from 'vitest';
import { splitByTerms } from './Highlight';

describe('search highlight', () => {
  it('marks every hit, longest term first', () => {
    expect(splitByTerms('超融合实战：天津超融合', ['天津', '超融合', '融合'])).toEqual([
      { text: '超融合', hit: true },
      { text: '实战：', hit: false },
      { text: '天津', hit: true },
      { text: '超融合', hit: true },
    ]);
  });
  it('treats terms as text, not patterns, and ignores case', () => {
    expect(splitByTerms('C++ and ai', ['c++', 'AI'])).toEqual([
      { text: 'C++', hit: true },
      { text: ' and ', hit: false },
      { text: 'ai', hit: true },
    ]);
  });
  it('leaves text without terms alone', () => {
    expect(splitByTerms('无关键词', [])).toEqual([{ text: '无关键词', hit: false }]);
  });
});
