import type { Insertable } from 'kysely';
import { CATEGORY_PAGES, PaperAccess } from '@portal/api-client/constants';
import { href } from '@portal/routes';
import type { DB } from '../db/schema';
import { makeArticle, vocabOf } from './articles';
import type { FileSink } from './files';
import { avatar, cover, picture } from './images';
import { renderPdf } from './pdf';
import { rngFor, type Rng } from './random';
import { CITIES, COMPANIES, INDUSTRIES, personName, ROLES } from './vocab';

type Row<T extends keyof DB> = Insertable<DB[T]>;
export type ArticleRow = Row<'articles'> & {
  id: number;
  created_at: number;
  content: string;
  title: string;
  description: string;
  keyword: string;
};

const DAY = 86_400_000;
const BEIJING = 8 * 3600_000;
export const FIRST_DAY = Date.UTC(2020, 0, 1) - BEIJING;

/** Thumbnail pool: 16 pictures per category, reused by articles and topics. */
export function thumbPool(files: FileSink): Map<number, string[]> {
  const rng = rngFor('thumbs');
  const pool = new Map<number, string[]>();
  for (const c of CATEGORY_PAGES) {
    const v = vocabOf(c.id);
    const captions = [...v.topics, ...v.products].slice(0, 16);
    pool.set(
      c.id,
      captions.map((title, i) =>
        files.write(
          `img/thumb/${c.alias.toLowerCase()}-${String(i + 1).padStart(2, '0')}.svg`,
          picture(rng, { width: 640, height: 360, title, tag: c.name }),
        ),
      ),
    );
  }
  return pool;
}

/** A time of day in Beijing working hours on the day of `t`. */
function workTime(rng: Rng, dayStart: number): number {
  return dayStart + (rng.int(8, 21) * 60 + rng.int(0, 59)) * 60_000 + rng.int(0, 59) * 1000;
}

/** Start (UTC ms) of the Beijing day containing `t`. */
function beijingDay(t: number): number {
  return Math.floor((t + BEIJING) / DAY) * DAY - BEIJING;
}

export interface ArticlePlan {
  rows: ArticleRow[];
  /** Indices of the rows published from the demo member's column. */
  memberRows: number[];
}

/**
 * `count` articles, ids in chronological order: about three quarters in the last three years,
 * the rest back to 2020 so that old weekly reports have articles to link to.
 */
export function articles(
  files: FileSink,
  pool: Map<number, string[]>,
  count: number,
  now: number,
): ArticlePlan {
  const rng = rngFor('articles');
  const recentFrom = now - 3 * 365 * DAY;
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const from = rng.chance(0.77) ? recentFrom : FIRST_DAY;
    const day = beijingDay(from + Math.floor(rng.float() * (now - from)));
    times.push(Math.min(workTime(rng, day), now - 60_000));
  }
  times.sort((a, b) => a - b);
  const cats = CATEGORY_PAGES.map((c) => c.id);
  const seen = new Set<string>();
  const rows: ArticleRow[] = times.map((created_at, i) => {
    const cat = cats[(i * 7 + rng.int(0, cats.length - 1)) % cats.length];
    const thumbs = pool.get(cat) ?? [];
    // A newsroom does not run the same headline twice: draw again on a repeat (bounded).
    let draft = makeArticle(rng, cat, created_at, { image: rng.pick(thumbs) });
    for (let tries = 0; seen.has(draft.title) && tries < 20; tries++) {
      draft = makeArticle(rng, cat, created_at, { image: rng.pick(thumbs) });
    }
    seen.add(draft.title);
    const pv = Math.floor(Math.pow(rng.float(), 3) * 30_000) + rng.int(20, 400);
    return {
      id: i + 1,
      ...draft,
      thumb: rng.pick(thumbs),
      status: 1,
      is_hot: rng.chance(0.06) ? 1 : 0,
      is_pic: rng.chance(0.08) ? 1 : 0,
      is_recommend: rng.chance(0.08) ? 1 : 0,
      is_policy: rng.chance(0.04) ? 1 : 0,
      pv,
      member_id: null,
      created_at,
    };
  });
  // Every category block has recent flagged articles to show, whatever the draws gave.
  for (const cat of cats) {
    const latest = rows.filter((r) => r.cat_id === cat).slice(-24);
    latest.slice(-6).forEach((r) => (r.is_pic = 1));
    latest.slice(-12, -6).forEach((r) => (r.is_recommend = 1));
    latest.slice(-16, -12).forEach((r) => (r.is_hot = 1));
    latest.slice(-18, -16).forEach((r) => (r.is_policy = 1));
  }
  rows.slice(-40).forEach((r, i) => {
    if (i % 5 === 0) r.is_hot = 1;
    if (i % 9 === 0) r.is_policy = 1;
  });
  return { rows, memberRows: [rows.length - 45, rows.length - 160].filter((i) => i >= 0) };
}

/** Featured and special topics, site-wide (cat_id 0) and per category. */
export function topics(files: FileSink, arts: ArticleRow[], now: number): Row<'topics'>[] {
  const rng = rngFor('topics');
  const out: Row<'topics'>[] = [];
  const latestOf = (cat: number) => arts.filter((a) => a.cat_id === cat).slice(-80);
  const titleFor = (kind: 'featured' | 'special', topic: string, i: number) =>
    kind === 'featured'
      ? [`${topic}落地实战`, `聚焦${topic}`, `${topic}：中小企业怎么做`, `${topic}选型指南`][i % 4]
      : [`${topic}专题`, `${topic}观察`, `${topic}深度报道`, `${topic}趋势解读`][i % 4];
  let n = 0;
  const add = (kind: 'featured' | 'special', cat: number, ownCat: number, i: number) => {
    const v = vocabOf(ownCat);
    const topic = v.topics[(i + (kind === 'special' ? 3 : 0)) % v.topics.length];
    const title = titleFor(kind, topic, i);
    n += 1;
    out.push({
      id: n,
      kind,
      cat_id: cat,
      title,
      description: `${v.facts[i % v.facts.length]}`,
      thumb: files.write(
        `img/topic/${n}.svg`,
        picture(rng, { width: 640, height: 360, title, tag: kind === 'featured' ? '精选' : '专题' }),
      ),
      // No address of its own: every topic list links to the topic's page (/topic/{id}).
      url: '',
      published: 1,
      // Featured topics carry the editor's picks; special ones show their category's newest.
      articles: JSON.stringify(kind === 'featured' ? rng.sample(latestOf(ownCat), 8).map((a) => a.id) : []),
      created_at: now - n * 3 * DAY - rng.int(0, DAY),
    });
  };
  const cats = CATEGORY_PAGES.map((c) => c.id);
  for (let i = 0; i < 8; i++) add('featured', 0, cats[(i * 5) % cats.length], i);
  for (let i = 0; i < 8; i++) add('special', 0, cats[(i * 7 + 2) % cats.length], i);
  for (const cat of cats) {
    for (let i = 0; i < 2; i++) add('featured', cat, cat, i + 1);
    for (let i = 0; i < 2; i++) add('special', cat, cat, i + 2);
  }
  return out;
}

export function banners(files: FileSink, arts: ArticleRow[]): Row<'banners'>[] {
  const rng = rngFor('banners');
  const out: Row<'banners'>[] = [];
  const recommended = arts
    .filter((a) => a.is_recommend)
    .slice(-30)
    .reverse();
  const banner = (
    place: Row<'banners'>['place'],
    cat: number,
    sort: number,
    a: ArticleRow,
    w: number,
    h: number,
  ) => {
    const name = `${place}${cat ? `-${cat}` : ''}-${sort}`;
    out.push({
      place,
      cat_id: cat,
      banner: files.write(
        `img/banner/${name}.svg`,
        picture(rng, { width: w, height: h, title: a.title.slice(0, 18), tag: vocabName(a.cat_id) }),
      ),
      title: a.title,
      url: href.news(a.id),
      sort,
    });
  };
  recommended.slice(0, 5).forEach((a, i) => banner('home', 0, i + 1, a, 1200, 400));
  recommended.slice(5, 10).forEach((a, i) => banner('mobile', 0, i + 1, a, 750, 360));
  recommended.slice(10, 14).forEach((a, i) => banner('side', 0, i + 1, a, 400, 225));
  for (const c of CATEGORY_PAGES) {
    arts
      .filter((a) => a.cat_id === c.id && a.is_recommend)
      .slice(-3)
      .reverse()
      .forEach((a, i) => banner('category', c.id, i + 1, a, 1200, 300));
  }
  return out;
}

function vocabName(cat: number): string {
  return CATEGORY_PAGES.find((c) => c.id === cat)?.name ?? '';
}

export function ads(files: FileSink): Row<'ads'>[] {
  const rng = rngFor('ads');
  const slots: [number, string, string, number, number, string][] = [
    [
      1,
      '2026中小企业数智化发展大会 火热报名中',
      href.activityForm(1, 'ad1'),
      1200,
      100,
      '立即报名，与百位CIO面对面',
    ],
    [2, '企业管理软件选型报告免费下载', href.vendor(), 1200, 100, '成长型企业ERP选型指南'],
    [3, '数擎信息AI推理一体机', href.partner('demo1'), 360, 240, '开箱即用的私有化大模型'],
    [4, '海纳存储全闪存限时试用', href.partner('demo2'), 360, 240, '不可篡改快照守护数据'],
    [5, '订阅IT周报 每周要闻不错过', href.itReport(), 1200, 100, '每周一期，编辑精选'],
  ];
  return slots.map(([slot, title, url, w, h, sub]) => ({
    slot,
    title,
    url,
    thumb: files.write(
      `img/ad/${slot}.svg`,
      picture(rng, { width: w, height: h, title, subtitle: h > 150 ? sub : undefined, tag: '推广' }),
    ),
  }));
}

export function videos(
  files: FileSink,
  now: number,
  clips: { file: string; frame: string },
): Row<'videos'>[] {
  const rng = rngFor('videos');
  const templates = [
    '{co}{product}发布会精彩回顾',
    '专家讲堂：{topic}入门',
    '{topic}实战演示',
    '对话{co}{role}：谈{topic}',
    '三分钟看懂{product}',
    '{topic}用户案例：{industry}篇',
  ];
  const out: Row<'videos'>[] = [];
  const count = 44;
  for (let i = 0; i < count; i++) {
    const cat = CATEGORY_PAGES[i % CATEGORY_PAGES.length];
    const v = vocabOf(cat.id);
    const slots: Record<string, string> = {
      co: rng.pick(COMPANIES),
      product: rng.pick(v.products),
      topic: rng.pick(v.topics),
      role: rng.pick(ROLES),
      industry: rng.pick(INDUSTRIES),
    };
    const title = rng.pick(templates).replace(/\{(\w+)\}/g, (_, k: string) => slots[k] ?? '');
    const id = i + 1;
    const type: 1 | 2 = i % 3 === 0 ? 1 : 2;
    const thumb = files.write(
      `img/video/${id}.svg`,
      picture(rng, { width: 640, height: 360, title: title.slice(0, 14), tag: type === 1 ? '视频' : '演示' }),
    );
    const top = i >= count - 6;
    out.push({
      id,
      cat_id: 43,
      title,
      url: type === 2 ? clips.file : clips.frame,
      thumb,
      list_thumb: thumb,
      index_thumb: top
        ? files.write(
            `img/video/${id}-wide.svg`,
            picture(rng, { width: 1200, height: 500, title, tag: '精彩视频' }),
          )
        : thumb,
      video_type: type,
      iframe:
        type === 1
          ? `<iframe src="${clips.frame}" width="100%" height="100%" frameborder="0" allowfullscreen></iframe>`
          : '',
      keyword: [slots.topic, vocabName(cat.id), '视频'].join(','),
      description: `${title}。${v.facts[i % v.facts.length]}`,
      is_top: top ? 1 : 0,
      // Oldest first so that ids follow time, like the articles.
      created_at: now - (count - i) * 9 * DAY - rng.int(0, DAY),
    });
  }
  return out;
}

const PAPERS: [number, string, string][] = [
  [694, '中小企业大模型应用白皮书', 'Large Language Models in SMEs'],
  [694, 'AI智能体落地实践指南', 'AI Agents: A Practical Guide'],
  [694, '生成式AI安全与合规白皮书', 'Generative AI Security and Compliance'],
  [664, '混合云建设与运维指南', 'Hybrid Cloud Build and Operations Guide'],
  [664, '云成本优化白皮书', 'Cloud Cost Optimisation'],
  [664, '云原生应用现代化路线图', 'Cloud Native Modernisation Roadmap'],
  [56, '企业数据备份与恢复白皮书', 'Enterprise Backup and Recovery'],
  [56, '勒索软件防护与数据韧性指南', 'Ransomware Protection and Data Resilience'],
  [56, '全闪存存储选型指南', 'All-Flash Storage Buyer Guide'],
  [705, '工业物联网平台选型白皮书', 'Industrial IoT Platform Selection'],
  [705, '边缘计算应用实践报告', 'Edge Computing in Practice'],
  [667, '超融合基础设施白皮书', 'Hyperconverged Infrastructure'],
  [667, 'AI推理服务器选型指南', 'AI Inference Server Buyer Guide'],
  [667, '服务器国产化迁移指南', 'Server Platform Migration Guide'],
  [688, '绿色数据中心建设白皮书', 'Building Green Data Centres'],
  [688, '液冷技术应用指南', 'Liquid Cooling Adoption Guide'],
  [688, '智算中心运营白皮书', 'Operating AI Computing Centres'],
  [696, '零信任网络安全白皮书', 'Zero Trust Network Security'],
  [696, 'SD-WAN部署实践指南', 'SD-WAN Deployment in Practice'],
  [696, 'Wi-Fi 7企业无线网络白皮书', 'Wi-Fi 7 for the Enterprise'],
  [55, '中小企业SaaS应用白皮书', 'SaaS Adoption in SMEs'],
  [55, '云ERP选型与实施指南', 'Cloud ERP Selection and Implementation'],
  [55, '低代码平台应用报告', 'Low-Code Platforms Report'],
  [50, 'AI PC商用白皮书', 'AI PCs for Business'],
  [50, '终端安全管理指南', 'Endpoint Security Management Guide'],
  [50, '云桌面部署实践', 'Virtual Desktop Deployment in Practice'],
  [623, '增值服务商转型白皮书', 'The Transformation of Value-Added Resellers'],
  [623, '解决方案集成商能力模型', 'A Capability Model for Solution Integrators'],
  [622, 'IT渠道生态发展报告', 'IT Channel Ecosystem Report'],
  [622, '渠道伙伴数字化运营指南', 'Digital Operations for Channel Partners'],
  [702, '中小企业数字化转型白皮书', 'Digital Transformation for SMEs'],
  [702, '数据治理实施指南', 'Data Governance Implementation Guide'],
  [702, '智能制造数字化路线图', 'Smart Manufacturing Roadmap'],
];

export function whitePapers(files: FileSink, now: number): Row<'white_papers'>[] {
  const rng = rngFor('papers');
  return PAPERS.map(([cat, zh, en], i) => {
    const id = i + 1;
    const isFree = i % 3 !== 1;
    const v = vocabOf(cat);
    const year = new Date(now - (PAPERS.length - i) * 20 * DAY).getUTCFullYear();
    const pdf = renderPdf({
      title: en,
      subtitle: `${year} edition. Research by the SMB IT Portal editorial team for small and medium-sized enterprises.`,
      sections: [
        {
          heading: '1. Executive summary',
          paragraphs: [
            `${en}: this paper looks at how small and medium-sized enterprises adopt the technology, what it costs, and which practices lead to measurable results.`,
            'It is based on interviews with IT managers, vendors and service providers, and on a survey of several hundred companies.',
          ],
        },
        {
          heading: '2. Market and adoption',
          paragraphs: [
            'Adoption grows fastest where the benefit is easy to measure: lower operating cost, less downtime, faster delivery of new services.',
            'Budgets remain tight; subscription and managed-service models lower the entry cost and shift effort to partners.',
          ],
        },
        {
          heading: '3. Recommendations',
          paragraphs: [
            'Start with one business problem, measure the baseline, run a short pilot and scale what works.',
            'Plan security, data protection and operations from day one, and prefer open interfaces to avoid lock-in.',
          ],
        },
      ],
    });
    return {
      id,
      cat_id: cat,
      title: `${year}${zh}`,
      description: `${v.facts[i % v.facts.length]}本白皮书结合调研数据与典型案例，为中小企业提供可操作的参考。`,
      thumb: files.write(`img/paper/${id}.svg`, cover(rng, zh, vocabName(cat))),
      // Paid papers stay out of the public /uploads tree; members get them through white_paper_file.
      url: isFree
        ? files.write(`pdf/paper-${id}.pdf`, pdf)
        : files.writePrivate(`white-papers/paper-${id}.pdf`, pdf),
      is_free: isFree ? PaperAccess.Free : PaperAccess.Paid,
      created_at: now - (PAPERS.length - i) * 20 * DAY - rng.int(0, DAY),
    };
  });
}

export interface EventPlan {
  events: Row<'events'>[];
  /** Upcoming events beyond the fixed forms that get a standard registration form. */
  formIds: number[];
}

export function events(files: FileSink, arts: ArticleRow[], now: number): EventPlan {
  const rng = rngFor('events');
  const themes = [
    '数智化转型',
    'AI应用落地',
    '云计算与云原生',
    '数据存储与保护',
    '网络安全',
    '智能制造',
    '渠道生态',
    '数据中心',
    '物联网',
    '企业软件',
  ];
  const kinds = ['峰会', '技术沙龙', '渠道大会', '线上研讨会', '圆桌论坛', '创新大会'];
  const at = (y: number, m: number, d: number, h = 9) => Date.UTC(y, m - 1, d, h) - BEIJING;
  type Spec = { title: string; city: string; type: number; start: number; days: number; url?: string };
  const fixed: Spec[] = [
    {
      title: '2026中小企业数智化发展大会',
      city: '北京',
      type: 2,
      start: at(2027, 1, 15),
      days: 1,
      url: href.activityForm(1, 'site'),
    },
    {
      title: '2025存储与数据保护技术沙龙',
      city: '上海',
      type: 2,
      start: at(2025, 9, 18, 13),
      days: 0,
      url: href.activityForm(2, 'site'),
    },
    {
      title: '2027年中小企业IT预算调查',
      city: '线上',
      type: 1,
      start: at(2026, 11, 1),
      days: 91,
      url: href.activityForm(3, 'site'),
    },
    {
      title: 'AI应用落地闭门沙龙·杭州站',
      city: '杭州',
      type: 2,
      start: at(2026, 12, 10, 14),
      days: 0,
      url: href.activityForm(4, 'site'),
    },
  ];
  const more: Spec[] = [];
  for (let i = 0; i < 60; i++) {
    // Spread evenly over 2020..2027.
    const year = Math.min(2027, 2020 + Math.floor((i / 60) * 7.6));
    const month = year === 2027 ? rng.int(2, 9) : rng.int(1, 12);
    const online = rng.chance(0.35);
    const city = online ? '线上' : rng.pick(CITIES);
    const theme = rng.pick(themes);
    const kind = online ? '线上研讨会' : rng.pick(kinds.filter((k) => k !== '线上研讨会'));
    const title = online ? `${theme}${kind}第${rng.int(2, 30)}期` : `${year}${theme}${kind}·${city}站`;
    more.push({
      title,
      city,
      type: online ? 1 : 2,
      start: at(year, month, rng.int(1, 28), online ? 15 : 9),
      days: online ? 0 : rng.int(0, 1),
    });
  }
  more.sort((a, b) => a.start - b.start);
  const all = [...fixed, ...more];
  const formIds: number[] = [];
  const rows = all.map((e, i) => {
    const id = i + 1;
    let url = e.url;
    if (!url) {
      if (e.start > now) {
        formIds.push(id);
        url = href.activityForm(id, 'site');
      } else {
        // A past event links to the report published after it.
        const report = arts.find((a) => a.created_at >= e.start) ?? arts[arts.length - 1];
        url = href.news(report.id);
      }
    }
    const d = new Date(e.start + BEIJING);
    return {
      id,
      title: e.title,
      description:
        e.type === 1
          ? `本期线上研讨会邀请行业专家与企业用户，围绕${e.title.replace(/线上研讨会.*$/, '')}分享实践经验，观众可在线提问互动。`
          : `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日，${e.title}在${e.city}举行，汇聚厂商、服务商与企业用户，共话技术趋势与落地实践。`,
      thumb: files.write(
        `img/event/${id}.svg`,
        picture(rng, {
          width: 640,
          height: 360,
          title: e.title.slice(0, 16),
          tag: e.type === 1 ? '线上活动' : e.city,
        }),
      ),
      url,
      type: e.type,
      city: e.city,
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      start_at: e.start,
      end_at: e.start + (e.days * DAY || 4 * 3600_000),
    };
  });
  return { events: rows, formIds };
}

/** ISO week number and week-year of a UTC date. */
function isoWeek(t: number): { year: number; week: number } {
  const d = new Date(t);
  const day = (d.getUTCDay() + 6) % 7;
  const thursday = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day + 3);
  const year = new Date(thursday).getUTCFullYear();
  const week =
    1 +
    Math.floor(
      (thursday - Date.UTC(year, 0, 4) + ((new Date(Date.UTC(year, 0, 4)).getUTCDay() + 6) % 7) * DAY) /
        (7 * DAY),
    );
  return { year, week };
}

export interface ReportPlan {
  reports: Row<'weekly_reports'>[];
  items: Row<'weekly_report_items'>[];
}

/** One issue every Monday from the first week of 2020 to the week of `now`. */
export function weeklyReports(files: FileSink, arts: ArticleRow[], now: number): ReportPlan {
  const rng = rngFor('reports');
  const advs = Array.from({ length: 6 }, (_, i) =>
    files.write(
      `img/report/adv-${i + 1}.svg`,
      picture(rng, {
        width: 1200,
        height: 150,
        title: ['订阅IT周报', '白皮书免费下载', '活动报名中', '视频专区', '合作伙伴专区', '专栏招募'][i],
        tag: '推广',
      }),
    ),
  );
  const advUrls = [
    href.itReport(),
    href.whitePapers(),
    href.activity(),
    href.videos(),
    href.partner('demo1'),
    href.user(),
  ];
  const reports: Row<'weekly_reports'>[] = [];
  const items: Row<'weekly_report_items'>[] = [];
  let monday = Date.UTC(2019, 11, 30, 2); // Monday of ISO week 1 of 2020, 10:00 Beijing
  let id = 0;
  let perYear = 0;
  let lastYear = 0;
  let cursor = 0;
  while (monday <= now) {
    const { year, week } = isoWeek(monday);
    if (year !== lastYear) {
      perYear = 0;
      lastYear = year;
    }
    id += 1;
    perYear += 1;
    // Articles of the week before the issue; old weeks have fewer, so widen the window backwards.
    while (cursor < arts.length && arts[cursor].created_at < monday) cursor++;
    let from = cursor;
    while (from > 0 && arts[from - 1].created_at >= monday - 7 * DAY) from--;
    if (cursor - from < 10) from = Math.max(0, cursor - 20);
    const window = arts.slice(from, Math.max(cursor, 10));
    const picked = rng.sample(window, 10);
    const events = picked.slice(0, 5);
    const recommend = picked.slice(5, 10);
    const top = recommend[0] ?? events[0];
    reports.push({
      id,
      year,
      number: perYear,
      it_number: id,
      week: `${year}年第${week}周`,
      recommend: top ? `本周推荐：${top.title}。${vocabOf(top.cat_id).facts[id % 5]}` : '',
      adv_thumb: advs[id % advs.length],
      adv_url: advUrls[id % advUrls.length],
      publish_time: monday,
    });
    events.forEach((a, i) => items.push({ report_id: id, kind: 'event', article_id: a.id, sort: i + 1 }));
    recommend.forEach((a, i) =>
      items.push({ report_id: id, kind: 'recommend', article_id: a.id, sort: i + 1 }),
    );
    monday += 7 * DAY;
  }
  return { reports, items };
}

const EXPERT_JOBS = [
  '首席技术官',
  '首席信息官',
  '首席分析师',
  '首席架构师',
  '技术总监',
  '研究院院长',
  '产品副总裁',
  '数字化转型顾问',
  '高级咨询顾问',
  '信息中心主任',
];

export function experts(files: FileSink): Row<'experts'>[] {
  const rng = rngFor('experts');
  const names = new Set<string>();
  for (let i = 0; names.size < 30; i++) names.add(personName(i * 3 + 1));
  return [...names].map((name, i) => ({
    id: i + 1,
    name,
    avatar: files.write(`img/avatar/expert-${i + 1}.svg`, avatar(rng, name)),
    company:
      i % 4 === 3
        ? `${rng.pick(['华东', '华南', '西南', '华北'])}${rng.pick(INDUSTRIES)}集团`
        : COMPANIES[i % COMPANIES.length],
    job: EXPERT_JOBS[i % EXPERT_JOBS.length],
    sort: i + 1,
  }));
}
