import { lazy, Suspense } from 'react';
import type { VendorAsset, VendorMeet } from '@portal/api-client';
import { Carousel } from '../../../components/Carousel';
import { useAssetGate } from '../hooks/useAssetGate';
import { AssetCard } from './AssetCard';

// The dialogs (formik, yup, axios) load when the gate first opens, not with the page.
const LoginDialog = lazy(() => import('./LoginDialog').then((m) => ({ default: m.LoginDialog })));
const RegisterDialog = lazy(() => import('./RegisterDialog').then((m) => ({ default: m.RegisterDialog })));

const assetKey = (a: VendorAsset, i: number) => `${i}-${a.title}`;

/** Vendor landing page: hero, report cards and carousels of gated assets. */
export function VendorPage({ meet }: { meet: VendorMeet }) {
  const gate = useAssetGate(meet.id, meet.name);
  const firstAsset = meet.reports[0] ?? meet.carousels[0]?.items[0];
  const videoCount = meet.carousels.reduce((n, c) => n + c.items.filter((a) => a.kind === 'video').length, 0);
  const pdfCount =
    meet.reports.length +
    meet.carousels.reduce((n, c) => n + c.items.filter((a) => a.kind === 'pdf').length, 0);

  return (
    <div className="lp-page lp-vendor" data-meet-id={meet.id}>
      <header className="lp-hero">
        {/* The banner is a backdrop only: blurred, so text drawn into the image never competes with the page's. */}
        {meet.hero.banner ? (
          <div
            className="lp-hero__bg"
            aria-hidden="true"
            style={{ backgroundImage: `url(${JSON.stringify(meet.hero.banner)})` }}
          />
        ) : null}
        <div className="lp-hero__shade">
          <div className="lp-hero__inner lp-container">
            <div className="lp-hero__copy">
              <p className="lp-hero__eyebrow">{meet.name}</p>
              <h1 className="lp-hero__title">{meet.hero.title}</h1>
              {meet.hero.subtitle ? <p className="lp-hero__subtitle">{meet.hero.subtitle}</p> : null}
              {meet.hero.date || meet.hero.place ? (
                <ul className="lp-hero__facts">
                  {meet.hero.date ? (
                    <li>
                      <span className="lp-hero__fact-label">时间</span>
                      {meet.hero.date}
                    </li>
                  ) : null}
                  {meet.hero.place ? (
                    <li>
                      <span className="lp-hero__fact-label">地点</span>
                      {meet.hero.place}
                    </li>
                  ) : null}
                </ul>
              ) : null}
              <div className="lp-hero__actions">
                {firstAsset ? (
                  <button
                    type="button"
                    className="lp-button lp-button--accent lp-button--lg"
                    onClick={() => gate.open(firstAsset)}
                  >
                    立即获取报告
                  </button>
                ) : null}
                <a href="#reports" className="lp-button lp-button--ghost lp-button--lg">
                  浏览全部资料
                </a>
              </div>
            </div>
            <aside className="lp-hero__panel" aria-label="资料概览">
              <p className="lp-hero__panel-title">本页资料</p>
              <ul className="lp-hero__stats">
                <li>
                  <strong>{pdfCount}</strong>
                  <span>份研究报告</span>
                </li>
                <li>
                  <strong>{videoCount}</strong>
                  <span>个精选视频</span>
                </li>
              </ul>
              <ol className="lp-hero__steps">
                <li>点击任一资料</li>
                <li>手机号登录（首次需注册）</li>
                <li>即可免费查看</li>
              </ol>
            </aside>
          </div>
        </div>
      </header>

      <main>
        {meet.reports.length > 0 ? (
          <section id="reports" className="lp-section">
            <div className="lp-container">
              <div className="lp-section__head">
                <h2 className="lp-section__title">精选报告</h2>
                <p className="lp-section__sub">登录后即可在线阅读完整报告</p>
              </div>
              <div className="lp-grid lp-grid--3">
                {meet.reports.map((asset, i) => (
                  <AssetCard key={assetKey(asset, i)} asset={asset} onOpen={gate.open} />
                ))}
              </div>
            </div>
          </section>
        ) : null}

        {meet.carousels.map((carousel, ci) => (
          <section
            key={`${ci}-${carousel.title}`}
            className={`lp-section${ci % 2 === 0 ? ' lp-section--tint' : ''}`}
          >
            <div className="lp-container">
              <div className="lp-section__head">
                <h2 className="lp-section__title">{carousel.title}</h2>
              </div>
              <Carousel
                label={carousel.title}
                items={carousel.items}
                itemKey={assetKey}
                render={(asset) => <AssetCard asset={asset} onOpen={gate.open} />}
              />
            </div>
          </section>
        ))}
      </main>

      <Suspense fallback={null}>
        {gate.dialog === 'login' ? (
          <LoginDialog
            open
            meetId={meet.id}
            mobile={gate.mobile}
            onClose={gate.close}
            onLoggedIn={gate.loggedIn}
            onUnregistered={gate.unregistered}
          />
        ) : null}
        {gate.dialog === 'register' ? (
          <RegisterDialog
            open
            meetId={meet.id}
            meetName={meet.name}
            mobile={gate.mobile}
            onClose={gate.close}
            onBackToLogin={gate.backToLogin}
            onRegistered={gate.registered}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
