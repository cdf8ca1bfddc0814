import { expect, test } from '@playwright/test';
import { HtmlValidate, type Message } from 'html-validate';
import { PAGES, seeded } from './page-kinds';

/**
 * The server's HTML of every public page kind, at the width each project reads it (the vw cookie:
 * 1280 desktop, 390 phone), checked by an outside HTML checker: html-validate's standard preset.
 * The server HTML is what crawlers, screen readers before hydration and slow phones get.
 */

const validator = new HtmlValidate({
  extends: ['html-validate:standard'],
});

const describe = (m: Message) =>
  `  ${m.line}:${m.column} ${m.ruleId}: ${m.message}${m.selector ? ` (${m.selector})` : ''}`;

for (const kind of PAGES) {
  test(`${kind.name}: the server's HTML passes html-validate's standard preset`, async ({
    request,
    viewport,
    isMobile,
  }) => {
    const path = kind.path(await seeded(request), isMobile);
    const res = await request.get(path, { headers: { cookie: `vw=${viewport?.width ?? 1280}` } });
    expect(res.ok() || kind.name === 'not found', `${path} answers`).toBe(true);
    const report = await validator.validateString(await res.text(), path);
    const errors = report.results.flatMap((r) => r.messages).filter((m) => m.severity === 2);
    expect(errors.map(describe).join('\n'), `html-validate errors on ${path}`).toBe('');
  });
}
