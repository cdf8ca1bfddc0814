import type { Insertable } from 'kysely';
import { href } from '@portal/routes';
import {
  CATEGORY_PAGES,
  COMPLAINT_CONTACT_LABEL,
  HEADER_DROPDOWN_ID,
  MOBILE_MENU,
  SECTION_ID,
} from '@portal/api-client/constants';
import type { DB } from '../db/schema';
import type { FileSink } from './files';
import { qrcode } from './images';
import { CATEGORY_VOCAB, SITE_NAME } from './vocab';

/** Site chrome: taxonomy, menus, SEO, footer, links and form options. */

const SECTIONS = [
  { id: SECTION_ID.activity, name: '活动', alias: href.activity() },
  { id: SECTION_ID.whitePaper, name: '白皮书', alias: href.whitePapers() },
  { id: SECTION_ID.video, name: '视频', alias: href.videos() },
  { id: SECTION_ID.itReport, name: 'IT周报', alias: href.itReport() },
] as const;

export function categories(): Insertable<DB['categories']>[] {
  const rows: Insertable<DB['categories']>[] = CATEGORY_PAGES.map((c, i) => {
    const v = CATEGORY_VOCAB.find((x) => x.id === c.id);
    return {
      id: c.id,
      parent_id: 0,
      name: c.name,
      alias: c.alias,
      sort: i + 1,
      in_nav: 1,
      seo_title: v ? `${v.seo.title}-${SITE_NAME}` : `${c.name}-${SITE_NAME}`,
      seo_description: v?.seo.description ?? '',
      seo_keyword: v?.seo.keyword ?? '',
    };
  });
  // The header's last entry opens a drop-down of the content sections.
  rows.push({
    id: HEADER_DROPDOWN_ID,
    parent_id: 0,
    name: '更多',
    alias: '',
    sort: 100,
    in_nav: 1,
    seo_title: `更多栏目-${SITE_NAME}`,
    seo_description: '活动、白皮书、视频与IT周报。',
    seo_keyword: '活动,白皮书,视频,IT周报',
  });
  SECTIONS.forEach((s, i) =>
    rows.push({
      id: s.id,
      parent_id: HEADER_DROPDOWN_ID,
      name: s.name,
      alias: s.alias,
      sort: 101 + i,
      in_nav: 1,
      seo_title: `${s.name}-${SITE_NAME}`,
      seo_description: '',
      seo_keyword: '',
    }),
  );
  return rows;
}

export function menus(): Insertable<DB['menus']>[] {
  const drop: Insertable<DB['menus']>[] = SECTIONS.map((s, i) => ({
    menu_id: s.id,
    name: s.name,
    kind: 'drop',
    cat_id: s.id,
    sort: i + 1,
  }));
  const small: Insertable<DB['menus']>[] = [
    { menu_id: MOBILE_MENU.recommended, name: '推荐', kind: 'small', cat_id: 0, sort: 1 },
    { menu_id: MOBILE_MENU.activities, name: '活动', kind: 'small', cat_id: SECTION_ID.activity, sort: 2 },
    { menu_id: MOBILE_MENU.topics, name: '专题', kind: 'small', cat_id: 0, sort: 3 },
    // Menu id 1 opens the video list (spec section 2).
    { menu_id: 1, name: '视频', kind: 'small', cat_id: SECTION_ID.video, sort: 4 },
    ...CATEGORY_PAGES.map((c, i) => ({
      menu_id: c.id,
      name: c.name,
      kind: 'small' as const,
      cat_id: c.id,
      sort: 10 + i,
    })),
  ];
  return [...drop, ...small];
}

const HOME_KEYWORDS = '人工智能,AI,云计算,大数据,物联网,IoT,服务器,存储,网络,硬件,渠道,数字化转型,中小企业IT';

export function seo(): Insertable<DB['seo']>[] {
  const page = (p: string, title: string, description: string, keyword: string) => ({
    page: p,
    title,
    description,
    keyword,
  });
  return [
    page(
      'home',
      `${SITE_NAME}_中小企业IT产业资讯与数字化转型门户`,
      '中小企业IT网为中小企业提供人工智能、云计算、大数据、物联网、服务器与存储等硬件、网络安全以及IT渠道的新闻资讯、产品评测、行业案例、白皮书与活动信息。',
      HOME_KEYWORDS,
    ),
    page(
      'video',
      `视频_IT产品发布与专家访谈-${SITE_NAME}`,
      '观看IT厂商发布会、产品演示、专家访谈与技术讲堂视频。',
      '视频,发布会,产品演示,专家访谈,技术讲堂',
    ),
    page(
      'white_paper',
      `白皮书_IT技术白皮书下载-${SITE_NAME}`,
      '下载人工智能、云计算、存储、网络与数字化转型等领域的技术白皮书和研究报告。',
      '白皮书,研究报告,技术白皮书,下载',
    ),
    page(
      'it_report',
      `IT周报_每周IT行业要闻-${SITE_NAME}`,
      '每周一期，汇总IT行业重要事件与编辑推荐文章，可按年份浏览往期。',
      'IT周报,行业要闻,每周推荐',
    ),
    page(
      'activity',
      `活动_IT行业会议与线上研讨会-${SITE_NAME}`,
      '汇集全国各地IT行业峰会、渠道大会、技术沙龙与线上研讨会，支持在线报名。',
      '活动,峰会,研讨会,渠道大会,技术沙龙',
    ),
    page('search', `搜索-${SITE_NAME}`, '搜索中小企业IT网的新闻、评测、案例与白皮书。', '搜索,IT资讯'),
    page(
      'recruit',
      `加入我们-${SITE_NAME}`,
      '中小企业IT网招聘记者编辑、销售经理、项目主管与高级客户执行，工作地点北京。',
      '招聘,记者,编辑,销售经理,北京',
    ),
    page(
      'about',
      `关于我们-${SITE_NAME}`,
      '中小企业IT网是面向中小企业IT决策者的专业媒体，关注技术趋势与数字化转型实践。',
      '关于我们,媒体介绍,联系方式',
    ),
    page(
      'login',
      `登录注册-${SITE_NAME}`,
      '登录或注册中小企业IT网会员，申请专栏、发布文章。',
      '登录,注册,会员',
    ),
    page('user', `会员中心-${SITE_NAME}`, '管理个人资料、专栏申请与专栏文章。', '会员中心,专栏'),
    page('forget', `找回密码-${SITE_NAME}`, '通过手机验证码重置会员密码。', '找回密码,重置密码'),
    page('more', `最新资讯-${SITE_NAME}`, '中小企业IT网最新发布的新闻与文章。', '最新资讯,IT新闻'),
    page(
      'vendor',
      `企业管理软件选型资料下载-${SITE_NAME}`,
      '登录即可阅读企业管理软件选型报告，观看产品演示视频。',
      'ERP,选型,报告下载,产品演示',
    ),
    page(
      'vendor2025',
      `2025数智化转型峰会资料中心-${SITE_NAME}`,
      '2025数智化转型峰会演讲资料与精彩视频回看。',
      '数智化转型,峰会,资料下载,视频回看',
    ),
    page(
      'partner',
      `合作伙伴专区-${SITE_NAME}`,
      '合作伙伴的新品、方案、视频与活动。',
      '合作伙伴,新品,解决方案',
    ),
    page('404', `页面未找到-${SITE_NAME}`, '您访问的页面不存在。', '404'),
  ];
}

export function footerInfo(): Insertable<DB['footer_info']>[] {
  const rows: [string, string][] = [
    ['公司地址', '北京市海淀区中关村大街甲59号文化大厦12层 中企智联（北京）信息技术有限公司'],
    ['版权所有', `© 2010-2026 ${SITE_NAME} 版权所有`],
    [
      '版权声明',
      `凡本网注明“来源：${SITE_NAME}”的作品，版权均属本网所有，未经书面授权不得转载；已获授权的，转载时须注明来源及作者。`,
    ],
    ['ICP备案', '京ICP备10023658号-1'],
    ['公安备案', '京公网安备 11010802023658号'],
    ['增值电信业务经营许可证', '京B2-20120356'],
    // Where complaints also go (issue 26): a demo phone and mailbox, edited in 站点设置.
    [COMPLAINT_CONTACT_LABEL, '电话 010-00000000　邮箱 jubao@example.com'],
  ];
  return rows.map(([label, value], i) => ({ label, value, sort: i + 1 }));
}

export function qrcodes(files: FileSink): Insertable<DB['qrcodes']>[] {
  const rows: [string, string, string][] = [
    ['微信公众号', 'wechat', `${SITE_NAME}微信公众号：关注获取每日IT要闻`],
    ['官方微博', 'weibo', `${SITE_NAME}官方微博：IT产业新闻与评论`],
    ['视频号', 'channels', `${SITE_NAME}视频号：发布会与专家访谈`],
    ['移动版', 'mobile', `${SITE_NAME}移动版：手机扫码随时阅读`],
  ];
  return rows.map(([name, file, text], i) => ({
    name,
    img: files.write(`img/qr/${file}.svg`, qrcode(text, name)),
    sort: i + 1,
  }));
}

export function links(): Insertable<DB['links']>[] {
  const friendly: [string, string][] = [
    ['中华人民共和国工业和信息化部', 'https://www.miit.gov.cn/'],
    ['国家数据局', 'https://www.nda.gov.cn/'],
    ['中国信息通信研究院', 'http://www.caict.ac.cn/'],
    ['中国电子技术标准化研究院', 'http://www.cesi.cn/'],
    ['国家统计局', 'https://www.stats.gov.cn/'],
    ['中国互联网络信息中心', 'https://www.cnnic.net.cn/'],
    ['国家中小企业发展基金', 'https://www.nmefdf.com/'],
    ['中国中小企业协会', 'http://www.ca-sme.org/'],
  ];
  const website: [string, string][] = [
    ['活动', href.activity()],
    ['白皮书', href.whitePapers()],
    ['视频', href.videos()],
    ['IT周报', href.itReport()],
    ['关于我们', href.about()],
    ['加入我们', href.recruit()],
  ];
  const partner: [string, string][] = [
    ['数擎信息合作专区', href.partner('demo1')],
    ['海纳存储合作专区', href.partner('demo2')],
    ['2025数智化转型峰会', href.vendor2025()],
    ['企业管理软件选型中心', href.vendor()],
  ];
  const out: Insertable<DB['links']>[] = [];
  friendly.forEach(([name, url], i) => out.push({ kind: 'friendly', name, url, sort: i + 1 }));
  website.forEach(([name, url], i) => out.push({ kind: 'website', name, url, sort: i + 1 }));
  partner.forEach(([name, url], i) => out.push({ kind: 'partner', name, url, sort: i + 1 }));
  return out;
}

export const INDUSTRY_OPTIONS = [
  '制造业',
  '零售与电商',
  '金融保险',
  '医疗健康',
  '教育培训',
  '物流运输',
  '能源化工',
  '建筑地产',
  '政府与公共事业',
  'IT与互联网',
  '专业服务',
  '餐饮酒店',
  '农业',
  '汽车',
  '其他',
];
export const POSITION_OPTIONS = [
  '董事长/总经理',
  'CIO/IT总监',
  'CTO/技术总监',
  'IT经理',
  '系统管理员',
  '网络工程师',
  '软件开发工程师',
  '数据分析师',
  '采购经理',
  '财务经理',
  '市场/销售',
  '其他',
];
export const DEPARTMENT_OPTIONS = [
  '总经办',
  '信息技术部',
  '研发部',
  '运维部',
  '数据部',
  '采购部',
  '财务部',
  '市场部',
  '销售部',
  '人力资源部',
  '生产部',
  '其他',
];

export function options(): Insertable<DB['options']>[] {
  const out: Insertable<DB['options']>[] = [];
  INDUSTRY_OPTIONS.forEach((name, i) => out.push({ kind: 'industry', id: i + 1, name }));
  POSITION_OPTIONS.forEach((name, i) => out.push({ kind: 'position', id: i + 1, name }));
  DEPARTMENT_OPTIONS.forEach((name, i) => out.push({ kind: 'department', id: i + 1, name }));
  return out;
}

/** Column channels, and categories mapped to the public category an approved article goes to. */
export function columnTaxonomy(): {
  channels: Insertable<DB['column_channels']>[];
  categories: Insertable<DB['column_categories']>[];
} {
  const channels = [
    { id: 1, name: '技术专栏' },
    { id: 2, name: '产业观察' },
  ];
  const tech = [694, 664, 56, 705, 667, 688, 696, 55, 50];
  const industry = [622, 623, 702];
  const name = (id: number) => CATEGORY_PAGES.find((c) => c.id === id)?.name ?? String(id);
  const categories = [
    ...tech.map((cat_id, i) => ({ id: i + 1, channel_id: 1, cat_id, name: name(cat_id) })),
    ...industry.map((cat_id, i) => ({ id: tech.length + i + 1, channel_id: 2, cat_id, name: name(cat_id) })),
  ];
  return { channels, categories };
}
