import type { Ads } from '@portal/api-client';
import type { EventTeaser, Headline, PaperTeaser, PictureHeadline } from '@portal/api-client/teasers';
import { HOT_NEWS_HOME, isPaidPaper, EVENT_STATUS_LABEL } from '@portal/api-client/constants';
import { ItemLink, UploadImage } from '@portal/ui';
import { AdSlot } from './AdSlot';
import { SectionTitle } from '../../shared/SectionTitle';
import { Specials } from './Specials';
import { href } from '@portal/routes';
import { TEXT } from '@portal/api-client/messages';

function Activities({ items }: { items: EventTeaser[] }) {
  if (items.length === 0) return null;
  return (
    <section className="block side-block">
      <SectionTitle title="活动" more={href.activity()} />
      <ul className="events">
        {items.slice(0, 3).map((e) => (
          <li key={e.id}>
            <ItemLink to={e.url} title={e.title}>
              <UploadImage src={e.thumb} sizes="120px" alt="" width={120} height={75} loading="lazy" />
              <span className="events__body">
                <strong>{e.title}</strong>
                <small title={e.showTime}>
                  <em className={`events__status s${e.status}`}>{EVENT_STATUS_LABEL[e.status] ?? ''}</em>
                  {/* "2027-08-14 至 2027-08-15": the start date keeps the line short; the range is in the title. */}
                  {e.showTime.split('至')[0].trim()}
                  {e.city ? ` · ${e.city}` : ''}
                </small>
              </span>
            </ItemLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 热门资讯: the first 6, the top three with ranked icons. */
function HotNews({ items }: { items: Headline[] }) {
  if (items.length === 0) return null;
  return (
    <section className="block side-block">
      <SectionTitle title={TEXT.hotNews} />
      <ol className="hot">
        {items.slice(0, HOT_NEWS_HOME).map((item, i) => (
          <li key={item.id} className={i < 3 ? `hot__item is-top top-${i + 1}` : 'hot__item'}>
            {/* The ordered list tells its position (a span cannot carry a label). */}
            <span className="hot__rank">{i + 1}</span>
            <ItemLink to={item.url} title={item.title}>
              {item.title}
            </ItemLink>
          </li>
        ))}
      </ol>
    </section>
  );
}

function WhitePapers({ items }: { items: PaperTeaser[] }) {
  if (items.length === 0) return null;
  return (
    <section className="block side-block">
      <SectionTitle title="白皮书" more={href.whitePapers()} />
      <ul className="papers">
        {items.slice(0, 5).map((p) => (
          <li key={p.id}>
            <ItemLink to={p.url} title={p.title}>
              <span className={isPaidPaper(p) ? 'papers__badge is-paid' : 'papers__badge'}>
                {isPaidPaper(p) ? '会员' : '免费'}
              </span>
              {p.title}
            </ItemLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface RightColumnProps {
  right: {
    activities: EventTeaser[];
    hot: Headline[];
    special: PictureHeadline[];
    white_papers: PaperTeaser[];
  };
  adv: Ads | null;
}

export function RightColumn({ right, adv }: RightColumnProps) {
  return (
    <aside className="home__side">
      <Activities items={right.activities} />
      <AdSlot ad={adv?.three} slot={3} />
      <HotNews items={right.hot} />
      <Specials items={right.special} />
      <AdSlot ad={adv?.four} slot={4} />
      <WhitePapers items={right.white_papers} />
    </aside>
  );
}
