import type { ReactNode } from 'react';
import { Carousel } from '../../../components/Carousel';
import type { PartnerData } from '../load.server';
import { linkProps } from '../links';
import { ProductCard } from './ProductCard';

function Section({
  id,
  title,
  sub,
  tint,
  children,
}: {
  id: string;
  title: string;
  sub?: string;
  tint?: boolean;
  children: ReactNode;
}) {
  return (
    <section id={id} className={`lp-section${tint ? ' lp-section--tint' : ''}`}>
      <div className="lp-container">
        <div className="lp-section__head">
          <h2 className="lp-section__title">{title}</h2>
          {sub ? <p className="lp-section__sub">{sub}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}

const productKey = (p: { title: string }, i: number) => `${i}-${p.title}`;

/** Partner-branded landing page for one mark (spec section 3, partner landing data). */
export function PartnerPage({ data }: { data: PartnerData }) {
  const { base } = data;
  return (
    <div className="lp-page lp-partner" data-mark={data.mark}>
      <header className="lp-partner-hero">
        {base.banner ? (
          <div
            className="lp-hero__bg"
            aria-hidden="true"
            style={{ backgroundImage: `url(${JSON.stringify(base.banner)})` }}
          />
        ) : null}
        <div className="lp-partner-hero__shade">
          <div className="lp-container lp-partner-hero__inner">
            <h1 className="lp-partner-hero__slogan">{base.slogan}</h1>
            {base.num ? (
              <p className="lp-partner-hero__num">
                <strong>{base.num}</strong>
                <span>家企业客户的信赖之选</span>
              </p>
            ) : null}
            <nav className="lp-partner-hero__nav" aria-label="页面导航">
              {data.news.length > 0 ? <a href="#new">新品发布</a> : null}
              {data.products.length > 0 ? <a href="#products">产品中心</a> : null}
              {data.videos.length > 0 ? <a href="#videos">视频专区</a> : null}
              {data.activities.length > 0 ? <a href="#activities">市场活动</a> : null}
              {data.knowledge.length > 0 ? <a href="#knowledge">知识库</a> : null}
            </nav>
          </div>
        </div>
      </header>

      <main>
        {base.des || base.adv ? (
          <section className="lp-section">
            <div className="lp-container lp-about">
              {base.des ? (
                <div className="lp-about__text">
                  <h2 className="lp-section__title">关于我们</h2>
                  <p>{base.des}</p>
                </div>
              ) : null}
              {base.adv ? <img className="lp-about__adv" src={base.adv} alt={base.slogan} /> : null}
            </div>
          </section>
        ) : null}

        {data.news.length > 0 ? (
          <Section id="new" title="新品发布" sub="最新发布的产品与解决方案" tint>
            <Carousel
              label="新品发布"
              items={data.news}
              itemKey={productKey}
              render={(p) => <ProductCard item={p} />}
            />
          </Section>
        ) : null}

        {data.hot.length > 0 ? (
          <Section id="hot" title="热门推荐">
            <div className="lp-grid lp-grid--4">
              {data.hot.map((p, i) => (
                <ProductCard key={productKey(p, i)} item={p} />
              ))}
            </div>
          </Section>
        ) : null}

        {data.videos.length > 0 ? (
          <Section id="videos" title="视频专区" tint>
            <div className="lp-grid lp-grid--4">
              {data.videos.map((p, i) => (
                <ProductCard key={productKey(p, i)} item={p} video />
              ))}
            </div>
          </Section>
        ) : null}

        {data.products.length > 0 ? (
          <Section id="products" title="产品中心">
            <div className="lp-grid lp-grid--3 lp-grid--compact">
              {data.products.map((p, i) => (
                <ProductCard key={productKey(p, i)} item={p} />
              ))}
            </div>
          </Section>
        ) : null}

        {data.activities.length > 0 ? (
          <Section id="activities" title="市场活动" tint>
            <div className="lp-grid lp-grid--3">
              {data.activities.map((a, i) => (
                <article key={productKey(a, i)} className="lp-card lp-card--activity">
                  <span className="lp-card__media">
                    {a.thumb ? <img src={a.thumb} alt="" loading="lazy" /> : null}
                  </span>
                  <span className="lp-card__body">
                    <span className="lp-card__title">{a.title}</span>
                    <a className="lp-button lp-button--primary" {...linkProps(a.url)}>
                      {a.btnText || '了解详情'}
                    </a>
                  </span>
                </article>
              ))}
            </div>
          </Section>
        ) : null}

        {data.knowledge.length > 0 ? (
          <Section id="knowledge" title="知识库">
            <ul className="lp-knowledge">
              {data.knowledge.map((k, i) => (
                <li key={productKey(k, i)}>
                  <a {...linkProps(k.url)}>
                    <span className="lp-knowledge__title">{k.title}</span>
                    {k.subTitle ? <span className="lp-knowledge__sub">{k.subTitle}</span> : null}
                  </a>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}

        {base.qrocde.length > 0 ? (
          <Section id="contact" title="关注我们" tint>
            <ul className="lp-qrcodes">
              {base.qrocde.map((q, i) => (
                <li key={`${i}-${q.name1}`} className="lp-qrcode">
                  <img src={q.img} alt={q.name1} loading="lazy" />
                  <span className="lp-qrcode__name">{q.name1}</span>
                  {q.name2 ? <span className="lp-qrcode__sub">{q.name2}</span> : null}
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
      </main>
    </div>
  );
}
