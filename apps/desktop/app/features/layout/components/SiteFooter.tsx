import { Link } from 'react-router';
import type { FooterData, WebsiteUrl } from '@portal/api-client';
import { href } from '@portal/routes';
import { COPYRIGHT_LABEL } from '@portal/api-client/constants';

export interface SiteFooterProps {
  footer: FooterData;
  websites: WebsiteUrl[];
}

/** Lines whose value already says what it is ("京ICP备…", "© 2010-2026 …") are shown without their label. */
const selfDescribing = (label: string) => label.includes('备案') || label.includes(COPYRIGHT_LABEL);

/** Filing numbers link to the authorities' lookup sites, as Chinese sites are expected to. */
function filingHref(label: string): string | undefined {
  if (label.includes('公安')) return 'https://beian.mps.gov.cn/';
  if (label.includes('ICP')) return 'https://beian.miit.gov.cn/';
  return undefined;
}

/** Desktop footer: site links with the related-sites popover, QR codes, friendly links, company and filing text. */
export function SiteFooter({ footer, websites }: SiteFooterProps) {
  const entries = Object.entries(footer.info);
  const statement = entries.find(([label]) => label.includes('声明'));
  const lines = entries.filter((e) => e !== statement);
  return (
    <footer className="site-footer">
      <div className="container site-footer__main">
        <div className="site-footer__col">
          <nav className="site-footer__nav" aria-label="关于本站">
            <Link to={href.about()}>关于我们</Link>
            <Link to={href.about('copyright')}>版权声明</Link>
            <Link to={href.recruit()}>招贤纳士</Link>
            <Link to={href.about('contact')}>联系我们</Link>
            <a href={href.privacy()}>隐私声明</a>
            {websites.length > 0 ? (
              <span className="site-footer__related">
                {/* A real control to reach the list by keyboard: focusing it opens the popover (:focus-within). */}
                <button type="button" className="site-footer__related-toggle" aria-haspopup="menu">
                  相关网站
                </button>
                <span className="site-footer__popover" role="menu">
                  {websites.map((w) => (
                    <a key={w.url} href={w.url} target="_blank" rel="noopener noreferrer" role="menuitem">
                      {w.name}
                    </a>
                  ))}
                </span>
              </span>
            ) : null}
          </nav>
          {statement ? <p className="site-footer__statement">{statement[1]}</p> : null}
          {footer.friendly_links.length > 0 ? (
            <div className="site-footer__friends">
              <span className="site-footer__label">友情链接：</span>
              {footer.friendly_links.map((l) => (
                <a key={l.url} href={l.url} target="_blank" rel="noopener noreferrer">
                  {l.name}
                </a>
              ))}
            </div>
          ) : null}
        </div>
        {footer.qrcodes.length > 0 ? (
          <ul className="site-footer__qr">
            {footer.qrcodes.map((q) => (
              <li key={q.img}>
                <img src={q.img} alt={q.name} width={92} height={92} loading="lazy" />
                <span>{q.name}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="site-footer__legal">
        <div className="container">
          {lines.map(([label, raw]) => {
            const href = filingHref(label);
            const value = selfDescribing(label) ? raw : `${label}：${raw}`;
            return (
              <span key={label} className="site-footer__legal-item">
                {href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    {value}
                  </a>
                ) : (
                  value
                )}
              </span>
            );
          })}
        </div>
      </div>
    </footer>
  );
}
