import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Highlight, splitMatches } from './Highlight';

describe('splitMatches', () => {
  it('marks every occurrence of every term, longest first', () => {
    expect(splitMatches('云存储与存储网络', ['存储', '云存储'])).toEqual([
      { text: '云存储', match: true },
      { text: '与', match: false },
      { text: '存储', match: true },
      { text: '网络', match: false },
    ]);
  });

  it('matches Latin terms case-insensitively and treats regex characters literally', () => {
    expect(splitMatches('AI and ai (c++)', ['ai', 'c++'])).toEqual([
      { text: 'AI', match: true },
      { text: ' and ', match: false },
      { text: 'ai', match: true },
      { text: ' (', match: false },
      { text: 'c++', match: true },
      { text: ')', match: false },
    ]);
  });

  it('returns the text unmarked without terms', () => {
    expect(splitMatches('存储', ['', ' '])).toEqual([{ text: '存储', match: false }]);
  });
});

describe('Highlight', () => {
  it('renders user input as escaped text inside <mark>', () => {
    const html = renderToStaticMarkup(
      <Highlight text="查<img src=x onerror=alert(1)>结果" terms={['<img src=x onerror=alert(1)>']} />,
    );
    expect(html).toBe('查<mark>&lt;img src=x onerror=alert(1)&gt;</mark>结果');
  });
});
