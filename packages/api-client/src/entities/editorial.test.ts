import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  Ad,
  Banner,
  CategoryEntry,
  EventItem,
  Expert,
  Job,
  ListItem,
  Menu,
  NewsletterPayload,
  NewsletterSubscription,
  Video,
  WeeklyReport,
  WhitePaper,
} from '../contract';
import { AD_FIELDS } from './ad';
import { BANNER_FIELDS } from './banner';
import { CATEGORY_FIELDS } from './category';
import { columnsFor, fromRow } from './derive';
import { EVENT_FIELDS } from './event';
import { EXPERT_FIELDS } from './expert';
import type { EntityField, EntityRecord } from './field';
import { JOB_FIELDS } from './job';
import { MENU_FIELDS } from './menu';
import { NEWSLETTER_FIELDS } from './newsletter';
import { REPORT_FIELDS } from './report';
import { TOPIC_FIELDS } from './topic';
import { VIDEO_FIELDS } from './video';
import { WHITE_PAPER_FIELDS } from './white-paper';

/**
 * The editorial kinds' public records are fixed by the spec (section 3) and DESIGN.md section 10:
 * each is pinned here as one sample record, in the order of the API's answers. A change of an
 * entity module that would change a record's names, types, optionality or order fails here (the
 * types when the package is type-checked, the order and values when the tests run).
 */

/** A stored row of `sample`: its stored fields as columns, the times as epoch ms. */
function rowOf(fields: readonly EntityField[], sample: object, times: Record<string, number>): object {
  const row: Record<string, unknown> = {};
  for (const name of columnsFor(fields, 'public')) row[name] = (sample as Record<string, unknown>)[name];
  return { ...row, ...times };
}

const video = {
  id: 7,
  title: '视频',
  url: '/uploads/v.mp4',
  thumb: '/uploads/p.jpg',
  list_thumb: '',
  index_thumb: '',
  video_type: 2 as 1 | 2,
  iframe: '',
  keyword: '云,存储',
  description: '简介',
  created_at: '2026-01-02 09:30',
};

const whitePaper = {
  id: 3,
  is_free: 0 as number,
  title: '白皮书',
  description: '简介',
  thumb: '/uploads/w.jpg',
  url: '/uploads/w.pdf',
  created_at: '2026-01-02 09:30',
};

const event = {
  id: 5,
  title: '活动',
  description: '简介',
  thumb: '/uploads/e.jpg',
  url: '/activity/register?id=5',
  type: 2 as number,
  status: 0 as number,
  showTime: '2026-05-01 至 2026-05-03',
  city: '北京',
};

const topic = {
  id: 9,
  title: '专题',
  description: '简介',
  url: '/topic/9',
  thumb: '/uploads/t.jpg',
  keyword: '',
  created_at: '2026-01-02 09:30',
};
const banner = { banner: '/uploads/b.jpg', title: '轮播', url: '/news/1' };
const ad = { url: 'https://example.com/ad', thumb: '/uploads/ad.jpg', title: '广告' };

const report = {
  id: 360,
  number: 47,
  publish_time: '2026-11-20',
  it_number: 360,
  week: '2026年第47周',
  recommend: '导读',
  adv: { url: '/news/1', thumb: '/uploads/a.jpg', title: '2026年第47周' } as Ad | null,
};

const expert = { id: 2, avatar: '/uploads/e.jpg', name: '专家', company: '公司', job: 'CTO' };

const job = {
  id: 4,
  title: '前端工程师',
  city: '北京',
  count: '2人',
  summary: '概述',
  duties: ['职责一', '职责二'],
  requirements: ['要求'],
};

const subscription = { subscribed: true, email: 'me@example.org', bounced: false };

const category = { id: 694, name: '人工智能', alias: 'AI', son: [] as CategoryEntry[] };

const menu = { menu_id: 42, name: '白皮书' };

describe('the editorial records', () => {
  it('video: the spec record from entities/video.ts', () => {
    expectTypeOf<Video>().toEqualTypeOf<typeof video>();
    const read = fromRow(VIDEO_FIELDS, 'public', rowOf(VIDEO_FIELDS, video, { created_at: 0 }), {
      created_at: video.created_at,
    });
    expect(read).toStrictEqual(video);
    expect(Object.keys(read)).toEqual(Object.keys(video));
    // PostgreSQL answers bigint ids as text.
    expect(fromRow(VIDEO_FIELDS, 'public', { ...video, id: '7' }).id).toBe(7);
  });

  it('white paper: the spec record from entities/white-paper.ts, any stored access read as it is', () => {
    expectTypeOf<WhitePaper>().toEqualTypeOf<typeof whitePaper>();
    const row = rowOf(WHITE_PAPER_FIELDS, whitePaper, { created_at: 0 });
    const read = fromRow(WHITE_PAPER_FIELDS, 'public', row, { created_at: whitePaper.created_at });
    expect(read).toStrictEqual(whitePaper);
    expect(Object.keys(read)).toEqual(Object.keys(whitePaper));
    // Not a declared choice, still a members' paper (isPaidPaper): never read as the free default.
    expect(fromRow(WHITE_PAPER_FIELDS, 'public', { ...row, is_free: '5' }).is_free).toBe(5);
  });

  it('event: the spec record from entities/event.ts, its status and time worked out on read', () => {
    expectTypeOf<EventItem>().toEqualTypeOf<typeof event>();
    expect(columnsFor(EVENT_FIELDS, 'public')).not.toContain('status');
    const row = rowOf(EVENT_FIELDS, event, { start_at: 0, end_at: 0 });
    const read = fromRow(EVENT_FIELDS, 'public', row, { status: event.status, showTime: event.showTime });
    expect(read).toStrictEqual(event);
    expect(Object.keys(read)).toEqual(Object.keys(event));
  });

  it('topic: a list item from entities/topic.ts', () => {
    type Topic = EntityRecord<typeof TOPIC_FIELDS, 'public'>;
    expectTypeOf<Topic>().toEqualTypeOf<typeof topic>();
    expectTypeOf<Topic>().toEqualTypeOf<Omit<ListItem, 'keys'>>();
    const row = rowOf(TOPIC_FIELDS, { ...topic, url: '' }, { created_at: 0 });
    const read = fromRow(TOPIC_FIELDS, 'public', row, {
      url: topic.url,
      keyword: '',
      created_at: topic.created_at,
    });
    expect(read).toStrictEqual(topic);
    expect(Object.keys(read)).toEqual(Object.keys(topic));
  });

  it.each([
    ['banner', BANNER_FIELDS, banner],
    ['ad', AD_FIELDS, ad],
  ] as const)('%s: the spec record, nothing worked out', (_kind, fields, sample) => {
    expectTypeOf<Banner>().toEqualTypeOf<typeof banner>();
    expectTypeOf<Ad>().toEqualTypeOf<typeof ad>();
    const read = fromRow(fields, 'public', { ...sample, id: 1, slot: 1, place: 'home' });
    expect(read).toStrictEqual(sample);
    expect(Object.keys(read)).toEqual(Object.keys(sample));
  });

  it('weekly report: the spec record from entities/report.ts, with its ad', () => {
    // The contract's type is the entity's record and its ad: compared key by key.
    expectTypeOf<{ [K in keyof WeeklyReport]: WeeklyReport[K] }>().toEqualTypeOf<typeof report>();
    const { adv, ...stored } = report;
    const row = rowOf(REPORT_FIELDS, stored, { publish_time: 0 });
    const read = { ...fromRow(REPORT_FIELDS, 'public', row, { publish_time: report.publish_time }), adv };
    expect(read).toStrictEqual(report);
    expect(Object.keys(read)).toEqual(Object.keys(report));
    // The article lists live in their own table.
    expect(columnsFor(REPORT_FIELDS, 'office')).not.toContain('events');
  });

  it('expert: the get_expert record from entities/expert.ts, its order not shown', () => {
    expectTypeOf<Expert>().toEqualTypeOf<typeof expert>();
    expect(columnsFor(EXPERT_FIELDS, 'public')).toEqual(Object.keys(expert));
    const read = fromRow(EXPERT_FIELDS, 'public', { ...expert, id: '2', sort: 3 });
    expect(read).toStrictEqual(expert);
    expect(Object.keys(read)).toEqual(Object.keys(expert));
  });

  it('job: the get_jobs record from entities/job.ts, its lines stored as JSON text', () => {
    expectTypeOf<Job>().toEqualTypeOf<typeof job>();
    expect(columnsFor(JOB_FIELDS, 'public')).toEqual(Object.keys(job));
    const row = {
      ...job,
      duties: JSON.stringify(job.duties),
      requirements: JSON.stringify(job.requirements),
      enabled: 1,
    };
    const read = fromRow(JOB_FIELDS, 'public', row);
    expect(read).toStrictEqual(job);
    expect(Object.keys(read)).toEqual(Object.keys(job));
    // A corrupt or non-list column reads as no lines; entries read as text.
    expect(fromRow(JOB_FIELDS, 'public', { ...row, duties: '{', requirements: '[1]' })).toMatchObject({
      duties: [],
      requirements: ['1'],
    });
  });

  it('newsletter subscription: the member centre record from entities/newsletter.ts', () => {
    expectTypeOf<NewsletterSubscription>().toEqualTypeOf<typeof subscription>();
    expectTypeOf<NewsletterPayload>().toEqualTypeOf<{ subscribed: boolean; email?: string }>();
    // Only the address is a column of its own: the switch and the failure are worked out from the row.
    expect(columnsFor(NEWSLETTER_FIELDS, 'self')).toEqual(['email']);
    const read = fromRow(
      NEWSLETTER_FIELDS,
      'self',
      { email: subscription.email, active: 1 },
      {
        subscribed: true,
        bounced: false,
      },
    );
    expect(read).toStrictEqual(subscription);
    expect(Object.keys(read)).toEqual(Object.keys(subscription));
  });

  it('menu: the dropMenu/smallMenu entry from entities/menu.ts, its kind, category and order not shown', () => {
    expectTypeOf<Menu>().toEqualTypeOf<typeof menu>();
    expect(columnsFor(MENU_FIELDS, 'public')).toEqual(Object.keys(menu));
    expect(columnsFor(MENU_FIELDS, 'office')).toEqual(['menu_id', 'name', 'kind', 'cat_id', 'order']);
    const read = fromRow(MENU_FIELDS, 'public', {
      menu_id: '42',
      name: '白皮书',
      kind: 'drop',
      cat_id: 7,
      sort: 1,
    });
    expect(read).toStrictEqual(menu);
    expect(Object.keys(read)).toEqual(Object.keys(menu));
  });

  it('category: the get_category entry from entities/category.ts, its tree, flags and SEO texts not shown', () => {
    expectTypeOf<CategoryEntry>().toEqualTypeOf<typeof category>();
    expect(columnsFor(CATEGORY_FIELDS, 'public')).toEqual(['id', 'name', 'alias']);
    expect(columnsFor(CATEGORY_FIELDS, 'office')).toEqual([
      'id',
      'name',
      'alias',
      'parent_id',
      'in_nav',
      'seo_title',
      'seo_description',
      'seo_keyword',
      'order',
    ]);
    const row = {
      id: '694',
      name: '人工智能',
      alias: 'AI',
      parent_id: 0,
      in_nav: 1,
      seo_title: 't',
      sort: 2,
    };
    const read = fromRow(CATEGORY_FIELDS, 'public', row);
    expect(read).toStrictEqual({ id: 694, name: '人工智能', alias: 'AI' });
    expect(Object.keys(read)).toEqual(['id', 'name', 'alias']);
    // The repository adds the child categories.
    expect({ ...read, son: [] }).toStrictEqual(category);
  });
});
