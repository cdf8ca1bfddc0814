import type { FooterData, WebsiteUrl } from '@portal/api-client';
import { COMPLAINT_CONTACT_LABEL, COPYRIGHT_LABEL } from '@portal/api-client/constants';
import { href } from '@portal/routes';

/** Footer entries (keyed by Chinese labels, spec section 3) short enough for the phone's footer. */
const FOOTER_KEYS = [
  COPYRIGHT_LABEL,
  'ICP备案',
  '公安备案',
  '增值电信业务经营许可证',
  // The complaint contact (issue 26), a site setting like the others.
  COMPLAINT_CONTACT_LABEL,
] as const;
/** Lines shown with their label (the others already say what they are). */
const LABELLED: readonly string[] = ['增值电信业务经营许可证', COMPLAINT_CONTACT_LABEL];

export interface MobileFooterProps {
  /** company_letter (start-up bottomDATA). */
  footer: FooterData;
  /** website_url (start-up websiteDATA): the related sites, the desktop footer's popover. */
  websites: WebsiteUrl[];
}

/** A compact footer: site links, related sites, copyright and filing numbers (the desktop footer is hidden under 960). */
export function MobileFooter({ footer, websites }: MobileFooterProps) {
  const lines = FOOTER_KEYS.flatMap((key) => (footer.info[key] ? [[key, footer.info[key]] as const] : []));
  return (
    <footer className="m-footer">
      <nav className="m-footer__links" aria-label="站点信息">
        <a href={href.about()}>关于我们</a>
        <a href={href.recruit()}>招聘信息</a>
        <a href={href.login()}>会员登录</a>
        <a href={href.privacy()}>隐私声明</a>
      </nav>
      {websites.length > 0 ? (
        <nav className="m-footer__links m-footer__related" aria-label="相关网站">
          {websites.map((site) => (
            <a key={site.url} href={site.url} target="_blank" rel="noopener noreferrer">
              {site.name}
            </a>
          ))}
        </nav>
      ) : null}
      {lines.map(([label, text]) => (
        <p key={label} className="m-footer__line">
          {LABELLED.includes(label) ? `${label}：${text}` : text}
        </p>
      ))}
    </footer>
  );
}
