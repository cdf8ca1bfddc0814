import { Link } from 'react-router';
import { SITE_NAME } from '@portal/api-client/constants';

/** Word mark of the portal (drawn in CSS, no image request). */
export function SiteLogo() {
  return (
    <Link to="/" className="site-logo" aria-label={`${SITE_NAME} 首页`}>
      <span className="site-logo__mark">SMB</span>
      <span className="site-logo__text">
        <strong>{SITE_NAME}</strong>
        <small>IT · 商业 · 数字化</small>
      </span>
    </Link>
  );
}
