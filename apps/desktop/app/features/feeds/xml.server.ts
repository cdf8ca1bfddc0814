import type { ListItem } from '@portal/api-client';
import { isoOf as isoTime } from '@portal/ui/format';
import { xmlText } from '@portal/api-client/xml-text';

/** Escapes text for XML (one writer for the feeds here and the API's sitemaps). */
export const xml = xmlText;

/** RFC 822 date of an API time ("2026-11-21 10:20", Beijing time) for RSS. */
export function rfc822(createdAt: string): string | undefined {
  const iso = isoTime(createdAt);
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date.toUTCString();
}

export interface Channel {
  title: string;
  link: string;
  self: string;
  description: string;
}

/** An RSS 2.0 document of articles. */
export function rss(channel: Channel, items: ListItem[], origin: string): string {
  const entries = items.map((item) => {
    const link = new URL(item.url, origin).href;
    const date = rfc822(item.created_at);
    return [
      '    <item>',
      `      <title>${xml(item.title)}</title>`,
      `      <link>${xml(link)}</link>`,
      `      <guid isPermaLink="true">${xml(link)}</guid>`,
      `      <description>${xml(item.description)}</description>`,
      date ? `      <pubDate>${date}</pubDate>` : '',
      ...item.keyword
        .split(/[,，]/)
        .map((k) => k.trim())
        .filter(Boolean)
        .map((k) => `      <category>${xml(k)}</category>`),
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  const built = items[0] ? rfc822(items[0].created_at) : undefined;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xml(channel.title)}</title>`,
    `    <link>${xml(channel.link)}</link>`,
    `    <atom:link href="${xml(channel.self)}" rel="self" type="application/rss+xml" />`,
    `    <description>${xml(channel.description)}</description>`,
    '    <language>zh-cn</language>',
    built ? `    <lastBuildDate>${built}</lastBuildDate>` : '',
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}

export const xmlResponse = (body: string, type: string) =>
  new Response(body, {
    headers: { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': 'public, max-age=300' },
  });
