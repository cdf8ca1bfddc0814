import { useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import type { Menu } from '@portal/api-client';
import { SITE_NAME, VIDEO_MENU_ID, menuHref } from '../../lib/site';
import { href } from '@portal/routes';

export interface TopBarProps {
  menus: Menu[];
}

/** The phone's compact top bar: logo, search and a menu drawer (the desktop header is hidden under 960). */
export function TopBar({ menus }: TopBarProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  useEffect(() => {
    document.documentElement.classList.toggle('m-no-scroll', open);
  }, [open]);

  return (
    <header className="m-topbar">
      <div className="m-topbar__inner">
        {/* Named by the site name it shows; the mark is decoration. */}
        <Link to={href.home()} className="m-logo">
          <span className="m-logo__mark" aria-hidden="true">
            SMB
          </span>
          <span className="m-logo__text">{SITE_NAME}</span>
        </Link>
        <div className="m-topbar__actions">
          <Link to={href.mobile.search()} className="m-icon-btn" aria-label="搜索" title="搜索">
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </Link>
          <button
            type="button"
            className="m-icon-btn"
            aria-label={open ? '关闭菜单' : '打开菜单'}
            aria-expanded={open}
            aria-controls="m-drawer"
            onClick={() => setOpen((v) => !v)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              {open ? (
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              ) : (
                <path
                  d="M4 7h16M4 12h16M4 17h16"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              )}
            </svg>
          </button>
        </div>
      </div>
      {/* Following any link (click, tap or Enter) closes the drawer. */}
      <nav id="m-drawer" className={`m-drawer${open ? ' is-open' : ''}`} aria-label="栏目导航" hidden={!open}>
        <ul className="m-drawer__grid">
          <li>
            <NavLink onClick={close} to={href.home()} end>
              首页
            </NavLink>
          </li>
          {menus.map((menu) => (
            <li key={menu.menu_id}>
              <NavLink onClick={close} to={menuHref(menu.menu_id)}>
                {menu.name}
              </NavLink>
            </li>
          ))}
          {menus.some((m) => m.menu_id === VIDEO_MENU_ID) ? null : (
            <li>
              <NavLink onClick={close} to={href.mobile.videos()}>
                视频
              </NavLink>
            </li>
          )}
          <li>
            <NavLink onClick={close} to={href.mobile.search()}>
              搜索
            </NavLink>
          </li>
          <li>
            <NavLink onClick={close} to={href.mobile.user()}>
              我的
            </NavLink>
          </li>
        </ul>
      </nav>
      {open ? (
        <button type="button" className="m-drawer__mask" aria-label="关闭菜单" onClick={close} />
      ) : null}
    </header>
  );
}
