import type { Insertable } from 'kysely';
import type { DB } from '../src/db/schema';
import { CATEGORY_PAGES } from '@portal/api-client/constants';
import type { Db } from '../src/db';
import { indexArticles } from '../src/db/search-index';
import { syncSerialSequences } from '../src/db/sequences';
import { hashStoken } from '../src/lib/token';

/**
 * A small deterministic data set every API test file inserts once (the demo seed is not used, so
 * the expectations below are exact). Ids are explicit and increase with created_at.
 */
export const BASE_TIME = Date.UTC(2025, 0, 1, 0, 0);
const HOUR = 3600_000;
const at = (i: number) => BASE_TIME + i * HOUR;

/** Articles 1..24 cycle through these categories. */
export const CYCLE_CATS = [694, 56, 55] as const;
const catName = (id: number) => CATEGORY_PAGES.find((c) => c.id === id)?.name ?? '资讯';

export interface FixtureArticle {
  id: number;
  cat_id: number;
  title: string;
  description: string;
  keyword: string;
  content: string;
  status: number;
  is_hot: number;
  is_pic: number;
  is_recommend: number;
  is_policy: number;
  created_at: number;
}

const HOT = new Set([2, 4, 6, 8, 10, 12, 14]);
const PIC = new Set([1, 4, 7, 10]);
const RECOMMEND = new Set([3, 13, 16, 25]);
const POLICY = new Set([5, 19, 22]);

function article(id: number, cat_id: number, title: string, content: string, status = 1): FixtureArticle {
  return {
    id,
    cat_id,
    title,
    description: `${catName(cat_id)}领域的动态`,
    keyword: '',
    content,
    status,
    is_hot: HOT.has(id) ? 1 : 0,
    is_pic: PIC.has(id) ? 1 : 0,
    is_recommend: RECOMMEND.has(id) ? 1 : 0,
    is_policy: POLICY.has(id) ? 1 : 0,
    created_at: at(id),
  };
}

export const ARTICLES: FixtureArticle[] = [
  ...Array.from({ length: 24 }, (_, k) => {
    const id = k + 1;
    const cat = CYCLE_CATS[k % 3];
    return article(
      id,
      cat,
      `${catName(cat)}行业观察第${id}期`,
      `<p>这是第${id}篇关于${catName(cat)}的文章正文。</p>`,
    );
  }),
  article(
    25,
    694,
    '华为云发布新一代存储方案',
    '<p>华为云今天发布了全新的存储产品，支持 Kubernetes 集群。</p>',
  ),
  article(26, 56, '数据中心能效报告', '<p>报告指出，华为与多家厂商合作推进液冷方案。</p>'),
  article(27, 55, 'Kubernetes 运维实践', '<p>容器编排平台的日常运维。</p>'),
  article(28, 694, '鲲鹏生态大会召开', '<p>大会发布了鲲鹏计算产业的最新进展，华为云参展。</p>'),
  article(29, 694, '华为内部草稿', '<p>未发布的草稿。</p>', 0),
  article(30, 702, '数字化转型白皮书解读', '<p>企业数字化转型需要云计算支撑。</p>'),
  article(31, 1, '行业资讯汇总', '<p>本周资讯。</p>'),
];
export const PUBLISHED = ARTICLES.filter((a) => a.status === 1);

export const MEMBER = { id: 1, stoken: 'stoken-valid-member-1', email: 'demo@example.com' };
export const OTHER_MEMBER = { id: 2, stoken: 'stoken-valid-member-2' };
export const EXPIRED_STOKEN = 'stoken-expired-member-1';
export const VENDOR_USER_ID = 'vendor-user-1';

export async function insertFixtures(database: Db): Promise<void> {
  const { db } = database;
  const now = Date.now();

  const categoriesRows: Insertable<DB['categories']>[] = [
    { id: 1, name: '资讯', alias: '', sort: 0 },
    ...CATEGORY_PAGES.map((c, i) => ({
      id: c.id,
      name: c.name,
      alias: c.alias,
      sort: i + 1,
      seo_title: `${c.name}频道`,
      seo_description: `${c.name}新闻`,
      seo_keyword: c.name,
    })),
    { id: 41, parent_id: 10000, name: '活动', alias: '/activity', sort: 20 },
    { id: 42, parent_id: 10000, name: '白皮书', alias: '/white_pager', sort: 21 },
    { id: 43, parent_id: 10000, name: '视频', alias: '/video', sort: 22 },
    { id: 44, parent_id: 10000, name: 'IT周报', alias: '/it_report', sort: 23 },
    { id: 10000, name: '更多', alias: '', sort: 30 },
    { id: 6941, parent_id: 694, name: '机器学习', alias: '', sort: 1, in_nav: 0 },
  ];
  for (const row of categoriesRows) {
    await db.insertInto('categories').values(row).execute();
  }
  const menusRows: Insertable<DB['menus']>[] = [
    { menu_id: 10001, name: '推荐', kind: 'small', sort: 1 },
    { menu_id: 10000, name: '活动', kind: 'small', sort: 2 },
    { menu_id: 10002, name: '专题', kind: 'small', sort: 3 },
    { menu_id: 7001, name: '存储频道', kind: 'small', cat_id: 56, sort: 4 },
    { menu_id: 1, name: '视频', kind: 'small', cat_id: 43, sort: 5 },
    { menu_id: 42, name: '白皮书', kind: 'drop', cat_id: 42, sort: 1 },
    { menu_id: 20002, name: '人工智能', kind: 'drop', cat_id: 694, sort: 2 },
  ];
  for (const row of menusRows) {
    await db.insertInto('menus').values(row).execute();
  }
  await db
    .insertInto('seo')
    .values({ page: 'home', title: 'IT资讯', description: '科技新闻', keyword: 'AI,云计算' })
    .execute();
  const bannersRows: Insertable<DB['banners']>[] = [
    { id: 1, place: 'home', banner: '/uploads/b1.jpg', title: '首页横幅一', url: '/news/25', sort: 1 },
    {
      id: 2,
      place: 'home',
      banner: '/uploads/b2.jpg',
      title: '首页横幅二',
      url: 'https://example.com/',
      sort: 2,
    },
    { id: 3, place: 'mobile', banner: '/uploads/m1.jpg', title: '手机横幅', url: '/news/26', sort: 1 },
    {
      id: 4,
      place: 'category',
      cat_id: 694,
      banner: '/uploads/c1.jpg',
      title: 'AI横幅',
      url: '/AI/25',
      sort: 1,
    },
    { id: 5, place: 'side', banner: '/uploads/s1.jpg', title: '侧栏一', url: '/news/27', sort: 1 },
    { id: 6, place: 'side', banner: '/uploads/s2.jpg', title: '侧栏二', url: '/news/28', sort: 2 },
  ];
  for (const row of bannersRows) {
    await db.insertInto('banners').values(row).execute();
  }
  await db
    .insertInto('ads')
    .values(
      [1, 2, 3, 4].map((slot) => ({
        slot,
        title: `广告${slot}`,
        url: `https://ad.example.com/${slot}`,
        thumb: `/uploads/ad${slot}.jpg`,
      })),
    )
    .execute();
  await db
    .insertInto('links')
    .values([
      { id: 1, kind: 'friendly', name: '友链一', url: 'https://f1.example.com', sort: 1 },
      { id: 2, kind: 'friendly', name: '友链二', url: 'https://f2.example.com', sort: 2 },
      { id: 3, kind: 'website', name: '相关站点一', url: 'https://w1.example.com', sort: 1 },
      { id: 4, kind: 'website', name: '相关站点二', url: 'https://w2.example.com', sort: 2 },
      { id: 5, kind: 'partner', name: '合作伙伴', url: 'https://p.example.com', sort: 1 },
    ])
    .execute();
  await db
    .insertInto('footer_info')
    .values([
      { label: '地址', value: '北京市海淀区', sort: 1 },
      { label: '版权', value: '© 2025 示例', sort: 2 },
      { label: 'ICP备案', value: '京ICP备00000000号', sort: 3 },
    ])
    .execute();
  await db.insertInto('qrcodes').values({ id: 1, name: '微信', img: '/uploads/qr.png', sort: 1 }).execute();
  await db
    .insertInto('options')
    .values([
      { kind: 'industry', id: 1, name: '互联网' },
      { kind: 'industry', id: 2, name: '制造业' },
      { kind: 'position', id: 1, name: '工程师' },
      { kind: 'position', id: 2, name: '经理' },
      { kind: 'department', id: 1, name: 'IT部' },
      { kind: 'department', id: 2, name: '市场部' },
    ])
    .execute();
  await db
    .insertInto('provinces')
    .values([
      { code: '110000', name: '北京市' },
      { code: '440000', name: '广东省' },
    ])
    .execute();
  await db
    .insertInto('cities')
    .values([
      { code: '110100', province_code: '110000', name: '北京市' },
      { code: '440100', province_code: '440000', name: '广州市' },
      { code: '440300', province_code: '440000', name: '深圳市' },
    ])
    .execute();

  await db
    .insertInto('articles')
    .values(
      ARTICLES.map((a) => ({
        ...a,
        thumb: `/uploads/a${a.id}.jpg`,
        author: '作者',
        admin_name: '编辑',
        source_name: '本站',
      })),
    )
    .execute();
  // Only published articles are in the index, as when articles are approved.
  await indexArticles(database, PUBLISHED);

  await db
    .insertInto('topics')
    .values([
      { id: 1, kind: 'featured', cat_id: 0, title: '精选专题一', url: '', created_at: at(1) },
      { id: 2, kind: 'featured', cat_id: 0, title: '精选专题二', url: '', created_at: at(2) },
      { id: 3, kind: 'special', cat_id: 0, title: '特别专题一', url: '', created_at: at(3) },
      { id: 4, kind: 'special', cat_id: 0, title: '特别专题二', url: '', created_at: at(4) },
      { id: 5, kind: 'special', cat_id: 0, title: '特别专题三', url: '', created_at: at(5) },
      { id: 6, kind: 'featured', cat_id: 694, title: 'AI精选', url: '', created_at: at(6) },
      { id: 7, kind: 'special', cat_id: 694, title: 'AI专题', url: '', created_at: at(7) },
    ])
    .execute();
  await db
    .insertInto('videos')
    .values(
      Array.from({ length: 12 }, (_, k) => {
        const id = k + 1;
        const type = id % 2 === 1 ? 1 : 2;
        return {
          id,
          cat_id: id <= 10 ? 43 : 694,
          title: `视频${id}`,
          url: type === 1 ? `https://player.example.com/${id}` : `/uploads/v${id}.mp4`,
          thumb: `/uploads/vt${id}.jpg`,
          video_type: type as 1 | 2,
          is_top: id <= 3 ? 1 : 0,
          created_at: at(id),
        };
      }),
    )
    .execute();
  const white_papersRows: Insertable<DB['white_papers']>[] = [
    { id: 1, title: '免费白皮书', url: '/uploads/wp1.pdf', is_free: 0, created_at: at(1) },
    { id: 2, title: '付费白皮书', url: '/uploads/wp2.pdf', is_free: 1, created_at: at(2) },
    { id: 3, title: '存储白皮书', url: '/uploads/wp3.pdf', is_free: 0, created_at: at(3) },
    { id: 4, cat_id: 694, title: 'AI白皮书', url: '/uploads/wp4.pdf', is_free: 0, created_at: at(4) },
  ];
  for (const row of white_papersRows) {
    await db.insertInto('white_papers').values(row).execute();
  }
  const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 1);
  await db
    .insertInto('events')
    .values([
      {
        id: 1,
        title: '2025云计算峰会',
        url: '/activity/register?id=1',
        city: '北京',
        year: 2025,
        month: 3,
        start_at: day(2025, 3, 10),
        end_at: day(2025, 3, 11),
      },
      {
        id: 2,
        title: '2025存储大会',
        url: '/activity/register?id=2',
        city: '上海',
        year: 2025,
        month: 6,
        start_at: day(2025, 6, 1),
        end_at: day(2025, 6, 1),
      },
      {
        id: 3,
        title: '2024 AI 峰会',
        url: 'https://events.example.com/3',
        city: '北京',
        year: 2024,
        month: 11,
        start_at: day(2024, 11, 5),
        end_at: day(2024, 11, 6),
      },
      {
        id: 4,
        title: '100%数字化论坛',
        url: 'https://events.example.com/4',
        city: '深圳',
        year: 2024,
        month: 5,
        start_at: day(2024, 5, 20),
        end_at: day(2024, 5, 20),
      },
    ])
    .execute();
  const weekly_reportsRows: Insertable<DB['weekly_reports']>[] = [
    { id: 1, year: 2024, number: 1, it_number: 1, week: '2024年第1周', publish_time: day(2024, 1, 5) },
    { id: 2, year: 2024, number: 2, it_number: 2, week: '2024年第2周', publish_time: day(2024, 1, 12) },
    { id: 3, year: 2025, number: 1, it_number: 3, week: '2025年第1周', publish_time: day(2025, 1, 3) },
    { id: 4, year: 2025, number: 2, it_number: 4, week: '2025年第2周', publish_time: day(2025, 1, 10) },
    {
      id: 5,
      year: 2025,
      number: 3,
      it_number: 5,
      week: '2025年第3周',
      recommend: '本周推荐',
      adv_thumb: '/uploads/adv.jpg',
      adv_url: 'https://ad.example.com',
      publish_time: day(2025, 1, 17),
    },
  ];
  for (const row of weekly_reportsRows) {
    await db.insertInto('weekly_reports').values(row).execute();
  }
  await db
    .insertInto('weekly_report_items')
    .values([
      { report_id: 5, kind: 'event', article_id: 28, sort: 1 },
      { report_id: 5, kind: 'event', article_id: 25, sort: 2 },
      { report_id: 5, kind: 'recommend', article_id: 26, sort: 1 },
      { report_id: 5, kind: 'recommend', article_id: 29, sort: 2 },
    ])
    .execute();
  await db
    .insertInto('experts')
    .values(
      Array.from({ length: 6 }, (_, k) => ({
        id: k + 1,
        name: `专家${k + 1}`,
        avatar: `/uploads/e${k + 1}.jpg`,
        company: '公司',
        job: '首席架构师',
        sort: k + 1,
      })),
    )
    .execute();
  await db
    .insertInto('members')
    .values([
      {
        id: MEMBER.id,
        username: 'demo',
        mobile: '13800000001',
        email: MEMBER.email,
        password_hash: 'x',
        created_at: now,
        updated_at: now,
      },
      {
        id: OTHER_MEMBER.id,
        username: 'other',
        mobile: '13800000002',
        email: 'other@example.com',
        password_hash: 'x',
        created_at: now,
        updated_at: now,
      },
    ])
    .execute();
  await db
    .insertInto('member_sessions')
    .values([
      {
        token_hash: hashStoken(MEMBER.stoken),
        member_id: MEMBER.id,
        expires_at: now + 86_400_000,
        created_at: now,
      },
      {
        token_hash: hashStoken(OTHER_MEMBER.stoken),
        member_id: OTHER_MEMBER.id,
        expires_at: now + 86_400_000,
        created_at: now,
      },
      {
        token_hash: hashStoken(EXPIRED_STOKEN),
        member_id: MEMBER.id,
        expires_at: now - 1000,
        created_at: now - 86_400_000,
      },
    ])
    .execute();
  await db
    .insertInto('vendor_users')
    .values({ user_id: VENDOR_USER_ID, mobile: '13900000000', created_at: now })
    .execute();

  await syncSerialSequences(db, database.dialect);
}
