import { Link } from 'react-router';

/** Word mark of the portal (drawn in CSS, no image request). */
export function SiteLogo() {
  return (
    <Link to="/" className="site-logo" aria-label="中小企业IT网 首页">
      <span className="site-logo__mark">SMB</span>
      <span className="site-logo__text">
        <strong>中小企业IT网</strong>
        <small>IT · 商业 · 数字化</small>
      </span>
    </Link>
  );
}
