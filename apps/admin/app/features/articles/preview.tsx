import { CATEGORY_PAGES } from '@portal/api-client/constants';
import type { ArticleInput } from '@portal/api-client/admin';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** Article typography of the public pages, at each width (the desktop column and the phone's rem layout). */
const STYLES = {
  desktop: `body{margin:0;font:16px/1.8 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#222;background:#f4f5f7}
main{width:820px;margin:24px auto;background:#fff;padding:32px 40px}
h1{font-size:28px;line-height:1.4;margin:0 0 12px}`,
  mobile: `body{margin:0;font:15px/1.75 -apple-system,"PingFang SC",sans-serif;color:#222;background:#fff}
main{padding:16px}
h1{font-size:21px;line-height:1.4;margin:0 0 8px}`,
};
const COMMON = `.meta{color:#888;font-size:13px;margin-bottom:16px;display:flex;flex-wrap:wrap;gap:12px}
.desc{color:#555;background:#f7f8fa;padding:10px 14px;border-left:3px solid #1f6feb;margin-bottom:16px}
.content img,.content video,.content iframe{max-width:100%;height:auto}
.content table{border-collapse:collapse;max-width:100%}.content td,.content th{border:1px solid #ddd;padding:4px 8px}
.keys{margin-top:20px;color:#1f6feb;font-size:13px}`;

export type PreviewWidth = keyof typeof STYLES;

/** The article as the public page will show it: a whole document for a sandboxed iframe. */
export function previewDocument(article: Partial<ArticleInput>, width: PreviewWidth, zoom = 1): string {
  const category = CATEGORY_PAGES.find((c) => c.alias === article.category)?.name ?? '';
  const keywords = (article.keywords ?? '')
    .split(/[,，]/)
    .map((k) => k.trim())
    .filter(Boolean);
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><base target="_blank">
<style>html{zoom:${zoom}}${STYLES[width]}${COMMON}</style></head><body><main>
<h1>${escape(article.title || '（未填写标题）')}</h1>
<div class="meta">${[
    category,
    article.author && `作者：${article.author}`,
    article.source && `来源：${article.source}`,
  ]
    .filter(Boolean)
    .map((m) => `<span>${escape(String(m))}</span>`)
    .join('')}</div>
${article.description ? `<div class="desc">${escape(article.description)}</div>` : ''}
<div class="content">${article.content ?? ''}</div>
${keywords.length ? `<div class="keys">${keywords.map((k) => `#${escape(k)}`).join(' ')}</div>` : ''}
</main></body></html>`;
}

const PANES: { width: PreviewWidth; label: string; px: number; scale: number; height: number }[] = [
  { width: 'desktop', label: '桌面端 1280px', px: 1280, scale: 0.42, height: 1500 },
  { width: 'mobile', label: '手机端 390px', px: 390, scale: 0.72, height: 860 },
];

/**
 * Desktop and phone previews side by side. The iframes are sandboxed without scripts, so the
 * unsaved editor HTML cannot run anything; the server sanitises it again when it is saved.
 */
export function ArticlePreview({ article }: { article: Partial<ArticleInput> }) {
  return (
    <div className="preview-panes">
      {PANES.map((p) => (
        <div key={p.width} className="preview-pane" style={{ width: p.px * p.scale }}>
          <div className="preview-pane__label">{p.label}</div>
          {/* Scaled inside the document (CSS zoom): the page lays out at its real width, shown smaller. */}
          <iframe
            title={`${p.label}预览`}
            sandbox=""
            srcDoc={previewDocument(article, p.width, p.scale)}
            style={{ width: p.px * p.scale, height: p.height * p.scale }}
          />
        </div>
      ))}
    </div>
  );
}
