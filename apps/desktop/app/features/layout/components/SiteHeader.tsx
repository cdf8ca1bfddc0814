import { useEffect, useRef, useState } from 'react';
import { Form, Link, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Ads, CategoryEntry } from '@portal/api-client';
import { HEADER_DROPDOWN_ID } from '@portal/api-client/constants';
import { showToast } from '@portal/ui';
import { categoryHref } from '../../../lib/links';
import { useMemberSummary } from '../hooks/useMemberSummary';
import { SiteLogo } from './SiteLogo';
import { isOk } from '@portal/api-client/envelope';
import { href } from '@portal/routes';
import { MSG, TEXT } from '@portal/api-client/messages';

export interface SiteHeaderProps {
  categories: CategoryEntry[];
  adv: Ads | null;
}

function SearchBox() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const onSearchPage = pathname === href.search();
  const [value, setValue] = useState(onSearchPage ? (params.get('data') ?? '') : '');
  return (
    <Form
      method="get"
      action={href.search()}
      className="site-search"
      role="search"
      onSubmit={(e) => {
        // An empty keyword is ignored (spec: shared screen elements).
        if (!value.trim()) e.preventDefault();
      }}
    >
      <input
        name="data"
        className="site-search__input"
        placeholder="搜索资讯、专题、白皮书"
        value={value}
        disabled={onSearchPage}
        onChange={(e) => setValue(e.target.value)}
        aria-label={TEXT.searchKeywords}
      />
      <button type="submit" className="site-search__btn" disabled={onSearchPage} aria-label="搜索">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M10.5 4a6.5 6.5 0 015.2 10.4l4.4 4.4-1.4 1.4-4.4-4.4A6.5 6.5 0 1110.5 4zm0 2a4.5 4.5 0 100 9 4.5 4.5 0 000-9z"
            fill="currentColor"
          />
        </svg>
      </button>
    </Form>
  );
}

/** The member's name opens a small menu: 用户中心 and 退出登录. */
function MemberMenu({ username }: { username: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const logout = async () => {
    setBusy(true);
    try {
      const { logoutMember } = await import('../lib/logout');
      const res = await logoutMember();
      showToast(isOk(res) && res.msg ? res.msg : MSG.loggedOut, 'success');
    } finally {
      setBusy(false);
      setOpen(false);
    }
    void navigate(href.login());
  };
  return (
    <div className="site-user__menu" ref={box}>
      <button
        type="button"
        className="site-user__name"
        aria-expanded={open}
        aria-controls="site-user-drop"
        onClick={() => setOpen((o) => !o)}
      >
        {username}
      </button>
      {open ? (
        <ul className="site-user__drop" id="site-user-drop">
          <li>
            <Link to={href.user()} onClick={() => setOpen(false)}>
              用户中心
            </Link>
          </li>
          <li>
            <button type="button" disabled={busy} onClick={() => void logout()}>
              {busy ? '正在退出…' : TEXT.logout}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

function UserEntry() {
  const member = useMemberSummary();
  return (
    <div className="site-user">
      <Link
        to={member ? href.user() : href.login()}
        className="site-user__icon"
        aria-label={member ? '用户中心' : TEXT.memberLogin}
      >
        {member?.avatar ? (
          <img src={member.avatar} alt="" width={28} height={28} />
        ) : (
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M12 12a4.5 4.5 0 100-9 4.5 4.5 0 000 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z"
              fill="currentColor"
            />
          </svg>
        )}
      </Link>
      {member ? (
        <MemberMenu username={member.username} />
      ) : (
        <span className="site-user__links">
          <Link to={href.login()}>登录</Link>
          <i>/</i>
          <Link to={href.login('register')}>注册</Link>
        </span>
      )}
    </div>
  );
}

/** Desktop header: logo, header ad, search, login entry, and the category tab bar. */
export function SiteHeader({ categories, adv }: SiteHeaderProps) {
  const ad = adv?.one;
  return (
    <header className="site-header">
      <div className="site-header__top container">
        <SiteLogo />
        {ad ? (
          <a
            className="site-header__ad"
            href={ad.url}
            target="_blank"
            rel="noopener noreferrer"
            title={ad.title}
          >
            <img src={ad.thumb} alt={ad.title} width={552} height={46} />
          </a>
        ) : (
          <span className="site-header__ad" />
        )}
        <SearchBox />
        <UserEntry />
      </div>
      <nav className="site-nav" aria-label="栏目">
        <ul className="site-nav__list container">
          <li className="site-nav__item">
            <NavLink to={href.home()} end className="site-nav__link">
              首页
            </NavLink>
          </li>
          {categories.map((c) => (
            <li key={c.id} className={`site-nav__item${c.id === HEADER_DROPDOWN_ID ? ' has-drop' : ''}`}>
              <NavLink to={categoryHref(c)} className="site-nav__link">
                {c.name}
              </NavLink>
              {c.id === HEADER_DROPDOWN_ID && c.son.length > 0 ? (
                <ul className="site-nav__drop">
                  {c.son.map((s) => (
                    <li key={`${s.id}-${s.alias}`}>
                      <Link to={categoryHref(s)}>{s.name}</Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
