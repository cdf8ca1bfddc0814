import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url';

describe('safeUrl', () => {
  it('keeps web addresses and in-product paths', () => {
    for (const url of [
      'https://a.example.com/x',
      'http://b.example.com',
      '/uploads/a.pdf',
      '/partner/demo1#new-1',
      '#top',
    ]) {
      expect(safeUrl(url)).toBe(url);
    }
  });

  it('drops script, data and protocol-relative addresses', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      '//evil.example.com',
      'vbscript:x',
    ]) {
      expect(safeUrl(url)).toBe('#');
    }
  });
});
