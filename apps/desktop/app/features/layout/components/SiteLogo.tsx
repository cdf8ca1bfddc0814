import { Link } from 'react-router';
import { SITE_NAME } from '@portal/api-client/constants';
import { href } from '@portal/routes';

/**
 * Word mark of the portal (drawn in CSS, no image request). The mark and the tagline are
 * decoration, hidden from assistive tech: the link is named by the site name it shows.
 */
export function SiteLogo() {
  return (
    <Link to={href.home()} className="site-logo">
      <span className="site-logo__mark" aria-hidden="true">
        SMB
      </span>
      <span className="site-logo__text">
        <strong>{SITE_NAME}</strong>
        <small aria-hidden="true">IT · 商业 · 数字化</small>
      </span>
    </Link>
  );
}
