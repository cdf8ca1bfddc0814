import mjml2html from 'mjml';
import type { ListItem, WeeklyReport } from '@portal/api-client/contract';
import { href } from '@portal/routes';
import { TEXT } from '@portal/api-client/messages';

/**
 * One issue of the IT weekly report as a newsletter message: MJML's table layout with inline styles
 * (what QQ Mail, NetEase, Outlook and the phone clients render), a plain-text part, absolute links
 * from PUBLIC_ORIGIN. Rendered once per issue: the per-reader unsubscribe address replaces
 * UNSUBSCRIBE_SLOT in both parts.
 */
export const UNSUBSCRIBE_SLOT = '%%UNSUBSCRIBE_URL%%';

export interface IssueContent {
  report: WeeklyReport;
  events: ListItem[];
  recommend: ListItem[];
  siteName: string;
  /** The footer's postal address (footer_info 公司地址). */
  address: string;
  origin: string;
}

export interface RenderedIssue {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A stored path ("/news/12", "/uploads/a.jpg") becomes absolute; an absolute http(s) URL stays; anything else is dropped. */
export function absoluteUrl(origin: string, url: string): string {
  if (!url) return '';
  try {
    const resolved = new URL(url, `${origin}/`);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : '';
  } catch {
    return '';
  }
}

export const issueSubject = (siteName: string, report: WeeklyReport) =>
  `${siteName} IT 周刊 第 ${report.it_number} 期（${report.week}）`;

function articleBlock(item: ListItem, origin: string): string {
  const href = escapeHtml(absoluteUrl(origin, item.url));
  const thumb = absoluteUrl(origin, item.thumb);
  const picture = thumb
    ? `<mj-column width="32%" vertical-align="top"><mj-image src="${escapeHtml(thumb)}" href="${href}" alt="${escapeHtml(item.title)}" padding="6px 8px 6px 0" border-radius="4px" /></mj-column>`
    : '';
  return `<mj-section padding="6px 16px" background-color="#ffffff">${picture}
  <mj-column width="${thumb ? '68%' : '100%'}" vertical-align="top">
    <mj-text padding="6px 0" font-size="16px" line-height="24px" font-weight="bold"><a href="${href}" style="color:#1a1a1a;text-decoration:none">${escapeHtml(item.title)}</a></mj-text>
    <mj-text padding="0 0 6px" font-size="13px" line-height="20px" color="#666666">${escapeHtml(item.description.slice(0, 120))}</mj-text>
  </mj-column>
</mj-section>`;
}

const heading = (title: string) =>
  `<mj-section padding="18px 16px 4px" background-color="#ffffff"><mj-column><mj-text padding="0" font-size="18px" font-weight="bold" color="#c8161d">${escapeHtml(title)}</mj-text><mj-divider padding="8px 0 0" border-width="2px" border-color="#c8161d" /></mj-column></mj-section>`;

export async function renderIssue(content: IssueContent): Promise<RenderedIssue> {
  const { report, events, recommend, siteName, address, origin } = content;
  const issueUrl = absoluteUrl(origin, href.itReport({ id: report.id }));
  const subject = issueSubject(siteName, report);
  const mjml = `<mjml lang="zh-CN">
<mj-head>
  <mj-title>${escapeHtml(subject)}</mj-title>
  <mj-preview>${escapeHtml(report.recommend.slice(0, 80) || subject)}</mj-preview>
  <mj-attributes><mj-all font-family="'PingFang SC','Microsoft YaHei','Hiragino Sans GB',Arial,sans-serif" /></mj-attributes>
</mj-head>
<mj-body width="600px" background-color="#f2f3f5">
  <mj-section background-color="#c8161d" padding="20px 16px">
    <mj-column>
      <mj-text color="#ffffff" font-size="22px" font-weight="bold" padding="0"><a href="${escapeHtml(absoluteUrl(origin, '/'))}" style="color:#ffffff;text-decoration:none">${escapeHtml(siteName)} · IT 周刊</a></mj-text>
      <mj-text color="#ffe3e3" font-size="14px" padding="6px 0 0">第 ${report.it_number} 期 · ${escapeHtml(report.week)} · ${escapeHtml(report.publish_time)}</mj-text>
    </mj-column>
  </mj-section>
  ${report.recommend ? `<mj-section background-color="#ffffff" padding="16px 16px 0"><mj-column><mj-text font-size="14px" line-height="22px" color="#333333" padding="0">${escapeHtml(report.recommend)}</mj-text></mj-column></mj-section>` : ''}
  ${events.length ? heading(TEXT.issueNews) + events.map((i) => articleBlock(i, origin)).join('\n') : ''}
  ${recommend.length ? heading(TEXT.recommended) + recommend.map((i) => articleBlock(i, origin)).join('\n') : ''}
  <mj-section background-color="#ffffff" padding="16px"><mj-column>
    <mj-button href="${escapeHtml(issueUrl)}" background-color="#c8161d" color="#ffffff" font-size="15px" border-radius="4px">在网站阅读本期</mj-button>
  </mj-column></mj-section>
  <mj-section padding="16px"><mj-column>
    <mj-text font-size="12px" line-height="20px" color="#888888" align="center">${escapeHtml(siteName)}${address ? ` · ${escapeHtml(address)}` : ''}<br />您收到这封邮件，是因为您在${escapeHtml(siteName)}订阅了 IT 周刊。<a href="${UNSUBSCRIBE_SLOT}" style="color:#888888">退订</a></mj-text>
  </mj-column></mj-section>
</mj-body>
</mjml>`;
  const { html, errors } = await mjml2html(mjml, { validationLevel: 'soft' });
  if (errors.length > 0) throw new Error(`newsletter template: ${errors[0].formattedMessage}`);
  const list = (title: string, items: ListItem[]) =>
    items.length
      ? [`【${title}】`, ...items.map((i) => `· ${i.title}\n  ${absoluteUrl(origin, i.url)}`), '']
      : [];
  const text = [
    `${siteName} IT 周刊 第 ${report.it_number} 期 · ${report.week}`,
    '',
    ...(report.recommend ? [report.recommend, ''] : []),
    ...list(TEXT.issueNews, events),
    ...list(TEXT.recommended, recommend),
    `在网站阅读本期：${issueUrl}`,
    '',
    '--',
    `${siteName}${address ? ` · ${address}` : ''}`,
    `退订：${UNSUBSCRIBE_SLOT}`,
  ].join('\n');
  return { subject, html, text };
}
