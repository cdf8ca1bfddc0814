import type { Insertable } from 'kysely';
import type { FormField, PartnerBase } from '@portal/api-client/contract';
import type { VendorMeetData } from '@portal/api-client/entities/vendor-meet';
import { href } from '@portal/routes';
import type { DB } from '../db/schema';
import type { FileSink } from './files';
import { field, opt } from './form-fields';
import { picture, qrcode } from './images';
import { renderPdf } from './pdf';
import { rngFor } from './random';

/** Vendor meets, partner landing data and the dynamic activity forms. */

export function vendorMeets(files: FileSink, videos: readonly string[]): Insertable<DB['vendor_meets']>[] {
  const rng = rngFor('vendor');
  const meet = (
    id: number,
    name: string,
    hero: Required<Omit<NonNullable<VendorMeetData['hero']>, 'banner'>>,
    reports: [string, string, string][],
    carousels: [string, string[]][],
  ) => {
    const data: VendorMeetData = {
      hero: {
        ...hero,
        banner: files.write(
          `img/vendor/${id}-hero.svg`,
          picture(rng, {
            width: 1920,
            height: 640,
            title: hero.title,
            subtitle: hero.subtitle,
            tag: hero.date,
          }),
        ),
      },
      reports: reports.map(([title, en, description], i) => ({
        title,
        description,
        thumb: files.write(
          `img/vendor/${id}-report-${i + 1}.svg`,
          picture(rng, { width: 640, height: 360, title, tag: '报告' }),
        ),
        url: files.write(
          `pdf/vendor-${id}-${i + 1}.pdf`,
          renderPdf({
            title: en,
            subtitle: 'Enterprise software selection report for small and medium-sized businesses',
            sections: [
              {
                heading: '1. Background',
                paragraphs: [
                  `${en}. This report summarises what growing companies ask before they choose an ERP or finance suite: cost, time to go live, integration and support.`,
                ],
              },
              {
                heading: '2. Key findings',
                paragraphs: [
                  'Most companies start with finance and inventory, then extend to sales, purchasing and production planning once the basic data is clean.',
                  'Subscription pricing lowers the entry cost; implementation partners remain decisive for success.',
                ],
              },
              {
                heading: '3. Recommendations',
                paragraphs: [
                  'Define measurable goals, clean master data early, plan training, and choose open interfaces to avoid new data silos.',
                ],
              },
            ],
          }),
        ),
      })),
      carousels: carousels.map(([title, items], c) => ({
        title,
        items: items.map((t, i) => ({
          title: t,
          thumb: files.write(
            `img/vendor/${id}-video-${c + 1}-${i + 1}.svg`,
            picture(rng, { width: 640, height: 360, title: t, tag: '视频' }),
          ),
          url: videos[(c + i) % videos.length],
        })),
      })),
    };
    return { id, name, data: JSON.stringify(data) };
  };
  return [
    meet(
      0,
      '企业管理软件选型中心',
      {
        title: '企业管理软件选型中心',
        subtitle: '成长型企业ERP选型报告与产品演示',
        date: '长期开放',
        place: '线上',
      },
      [
        [
          '成长型企业ERP选型指南',
          'ERP Selection Guide for Growing Companies',
          '从需求梳理到上线验收，十个步骤选对ERP。',
        ],
        [
          '财务数字化实践报告',
          'Finance Digitalisation in Practice',
          '多家制造与零售企业的财务共享与自动化经验。',
        ],
        [
          '进销存一体化白皮书',
          'Integrated Inventory and Sales Management',
          '实时库存跟踪与业务财务一体化的实现路径。',
        ],
      ],
      [
        ['产品演示', ['云ERP三分钟速览', '库存管理演示', '财务报表一键生成']],
        ['客户案例', ['制造企业上线实录', '连锁零售门店管理']],
      ],
    ),
    meet(
      1,
      '2025数智化转型峰会',
      {
        title: '2025数智化转型峰会',
        subtitle: '智启增长 · 数聚未来',
        date: '2025年11月20日',
        place: '上海国际会议中心',
      },
      [
        [
          '2025中小企业数智化转型报告',
          'SME Digital Transformation Report 2025',
          '覆盖1200家企业的调研：投入、成效与挑战。',
        ],
        [
          'AI赋能企业管理实践',
          'AI in Business Management: Practices',
          '智能财务、智能供应链与AI助手的落地案例。',
        ],
        ['云ERP迁移路线图', 'Cloud ERP Migration Roadmap', '从本地部署到云ERP的评估、迁移与运维。'],
        ['供应链韧性建设指南', 'Building a Resilient Supply Chain', '库存、采购与物流协同的数字化方法。'],
      ],
      [
        ['主论坛精彩回顾', ['开幕致辞', '主题演讲：AI驱动的经营管理', '圆桌对话：转型的难与易']],
        ['分论坛视频', ['智能制造分论坛', '零售数字化分论坛', '财务共享分论坛', '渠道伙伴分论坛']],
      ],
    ),
  ];
}

interface PartnerSpec {
  mark: string;
  brand: string;
  slogan: string;
  num: string;
  des: string;
  focus: string[];
}

const PARTNERS: PartnerSpec[] = [
  {
    mark: 'demo1',
    brand: '数擎信息',
    slogan: '让每一家中小企业都用得起智能算力',
    num: '12000+',
    des: '数擎信息专注于中小企业的算力与数据基础设施，提供服务器、超融合一体机与AI推理平台，服务网络覆盖全国300多个城市。',
    focus: ['AI推理一体机', '超融合平台', '边缘服务器', '数据备份方案', '智能运维平台', '私有云套件'],
  },
  {
    mark: 'demo2',
    brand: '海纳存储',
    slogan: '数据有归处，业务无断点',
    num: '8600+',
    des: '海纳存储提供全闪存阵列、分布式存储与备份容灾产品，以不可篡改快照和双活架构守护企业数据安全。',
    focus: ['全闪存阵列', '分布式存储', '备份一体机', '勒索防护方案', '双活容灾', '对象存储'],
  },
];

export function partners(
  files: FileSink,
  videos: readonly string[],
): { partners: Insertable<DB['partners']>[]; items: Insertable<DB['partner_items']>[] } {
  const rows: Insertable<DB['partners']>[] = [];
  const items: Insertable<DB['partner_items']>[] = [];
  for (const p of PARTNERS) {
    const rng = rngFor(`partner-${p.mark}`);
    const img = (
      name: string,
      width: number,
      height: number,
      title: string,
      tag?: string,
      subtitle?: string,
    ) =>
      files.write(`img/partner/${p.mark}/${name}.svg`, picture(rng, { width, height, title, tag, subtitle }));
    const base: PartnerBase = {
      slogan: p.slogan,
      num: p.num,
      banner: img('banner', 1920, 600, p.brand, '合作伙伴专区', p.slogan),
      adv: img('adv', 1200, 200, `${p.brand} · ${p.focus[0]}限时试用`, '推广'),
      des: p.des,
      qrocde: [
        {
          img: files.write(`img/partner/${p.mark}/qr-service.svg`, qrcode(`${p.brand}客服`, '扫码咨询')),
          name1: '扫码咨询',
          name2: '一对一方案顾问',
        },
        {
          img: files.write(`img/partner/${p.mark}/qr-news.svg`, qrcode(`${p.brand}公众号`, '关注公众号')),
          name1: '关注公众号',
          name2: '获取最新产品资讯',
        },
      ],
    };
    rows.push({ mark: p.mark, base: JSON.stringify(base) });
    let sort = 0;
    const add = (
      list: Insertable<DB['partner_items']>['list'],
      row: Omit<Insertable<DB['partner_items']>, 'mark' | 'list' | 'sort'>,
    ) =>
      // Every row carries every column: a multi-row INSERT would write NULL for a missing one.
      items.push({ mark: p.mark, list, sort: ++sort, thumb: '', sub_title: '', btn_text: '', ...row });
    p.focus.slice(0, 4).forEach((f, i) =>
      add('new', {
        thumb: img(`new-${i + 1}`, 480, 320, f, '新品'),
        title: `${p.brand}${f}`,
        sub_title: `${f}全新上市，面向中小企业优化`,
        url: `${href.partner(p.mark)}#new-${i + 1}`,
      }),
    );
    p.focus.slice(1, 5).forEach((f, i) =>
      add('recommend', {
        thumb: img(`hot-${i + 1}`, 480, 320, f, '热门'),
        title: `${f}热销中`,
        sub_title: '已有数千家企业选择',
        url: `${href.partner(p.mark)}#hot-${i + 1}`,
      }),
    );
    ['产品发布会回顾', `${p.focus[0]}演示`, '客户案例访谈', '技术专家讲堂'].forEach((t, i) =>
      add('video', {
        thumb: img(`video-${i + 1}`, 480, 270, t, '视频'),
        title: `${p.brand}${t}`,
        sub_title: '点击观看',
        url: videos[i % videos.length],
      }),
    );
    [
      `如何为企业选择${p.focus[0]}`,
      `${p.focus[1]}部署的五个要点`,
      `${p.focus[2]}常见问题解答`,
      '数据安全合规清单',
      '运维最佳实践',
    ].forEach((t, i) =>
      add('know', { title: t, sub_title: '知识库', url: `${href.partner(p.mark)}#know-${i + 1}` }),
    );
    ['线上直播：新品发布', '城市巡展·上海站', '伙伴技术培训营'].forEach((t, i) =>
      add('activity', {
        thumb: img(`activity-${i + 1}`, 480, 320, t, '活动'),
        title: `${p.brand}${t}`,
        btn_text: i === 0 ? '立即预约' : '立即报名',
        url: href.activityForm(1, p.mark),
      }),
    );
    p.focus.forEach((f, i) =>
      add('product', {
        thumb: img(`product-${i + 1}`, 480, 320, f, '产品'),
        title: f,
        sub_title: `${p.brand}${f}解决方案`,
        url: `${href.partner(p.mark)}#product-${i + 1}`,
      }),
    );
  }
  return { partners: rows, items };
}

const PRIVACY = JSON.stringify({
  title: '个人信息授权协议',
  content:
    '为完成活动报名与后续服务，您同意我们收集您填写的姓名、手机号、邮箱、公司与职位等信息，仅用于活动通知、资料发送和会后回访。我们将按照《中华人民共和国个人信息保护法》的要求妥善保管您的信息，未经您的同意不会向第三方提供。您可以随时通过网站客服联系我们查询、更正或删除您的个人信息。',
});

export function activityForms(files: FileSink): Insertable<DB['activity_forms']>[] {
  const rng = rngFor('forms');
  const banner = (id: number, title: string, subtitle: string) =>
    files.write(
      `img/form/${id}.svg`,
      picture(rng, { width: 1200, height: 360, title, subtitle, tag: '活动报名' }),
    );
  const contact = [
    field('name', '姓名', 'input', 1),
    field('mobile', '手机号', 'input', 1),
    field('email', '邮箱', 'input', 1),
    field('company', '公司名称', 'input', 1),
  ];
  const form1: FormField[] = [
    ...contact,
    field(
      'position',
      '职位',
      'select',
      1,
      ['董事长/总经理', 'CIO/IT总监', 'IT经理', '工程师', '采购', '其他'].map((t, i) => opt(i + 1, t)),
    ),
    field(
      'company_size',
      '企业规模',
      'radio',
      1,
      ['1-99人', '100-499人', '500-999人', '1000人以上'].map((t, i) => opt(i + 1, t)),
    ),
    field('interest', '关注的技术方向', 'checkbox', 1, [
      opt(1, '人工智能', { is_mark: 1 }),
      opt(2, '云计算'),
      opt(3, '数据存储'),
      opt(4, '网络安全'),
      opt(5, '其他', { is_input: 1 }),
    ]),
    field(
      'topics',
      '希望参加的分论坛',
      'multi',
      0,
      ['智能制造', '零售数字化', '财务共享', '渠道生态'].map((t, i) => opt(i + 1, t)),
    ),
    field('channel', '您从哪里了解到本次活动', 'radio', 0, [
      opt(1, '网站'),
      opt(2, '微信公众号'),
      opt(3, '朋友推荐'),
      opt(4, '其他', { is_input: 1 }),
    ]),
    field('province', '所在省份', 'province', 1),
    field('city', '所在城市', 'city', 1),
    field('backup_email', '备用邮箱', 'input', 0),
    field('question', '希望与专家交流的问题', 'input', 0),
    field('invite_code', '邀请码', 'input', 0, [], 0),
  ];
  const form2: FormField[] = [
    ...contact,
    field(
      'position',
      '职位',
      'select',
      1,
      ['IT负责人', '业务负责人', '工程师', '其他'].map((t, i) => opt(i + 1, t)),
    ),
    field('province', '所在省份', 'province', 0),
    field('city', '所在城市', 'city', 0),
  ];
  const survey: FormField[] = [
    field('name', '姓名', 'input', 1),
    field('mobile', '手机号', 'input', 1),
    field('company', '公司名称', 'input', 0),
    field(
      'budget',
      '明年IT预算变化',
      'radio',
      1,
      ['明显增加', '小幅增加', '基本持平', '有所减少'].map((t, i) => opt(i + 1, t)),
    ),
    field('priority', '明年IT投入重点', 'checkbox', 1, [
      opt(1, 'AI应用'),
      opt(2, '上云'),
      opt(3, '网络与安全'),
      opt(4, '终端换新'),
      opt(5, '其他', { is_input: 1 }),
    ]),
    field(
      'deploy',
      '首选部署方式',
      'select',
      0,
      ['公有云', '私有云', '混合云', '本地部署'].map((t, i) => opt(i + 1, t)),
    ),
  ];
  const salon: FormField[] = [
    ...contact,
    field(
      'industry',
      '所属行业',
      'select',
      1,
      ['制造业', '零售', '医疗', '教育', '其他'].map((t, i) =>
        opt(i + 1, t, { is_input: t === '其他' ? 1 : 0 }),
      ),
    ),
    field(
      'sessions',
      '报名场次',
      'multi',
      1,
      ['上午场：AI落地', '下午场：数据安全'].map((t, i) => opt(i + 1, t)),
    ),
  ];
  return [
    {
      activity_id: 1,
      title: '2026中小企业数智化发展大会',
      banner: banner(1, '2026中小企业数智化发展大会', '2027年1月15日 · 北京'),
      is_submit: 1,
      is_privacy: 1,
      privacy: PRIVACY,
      form: JSON.stringify(form1),
    },
    {
      activity_id: 2,
      title: '2025存储与数据保护技术沙龙',
      banner: banner(2, '2025存储与数据保护技术沙龙', '报名已截止'),
      is_submit: 0,
      is_privacy: 1,
      privacy: PRIVACY,
      form: JSON.stringify(form2),
    },
    {
      activity_id: 3,
      title: '2027年中小企业IT预算调查',
      banner: banner(3, '2027年中小企业IT预算调查', '填写问卷，获取完整调研报告'),
      is_submit: 1,
      is_privacy: 0,
      privacy: '',
      form: JSON.stringify(survey),
    },
    {
      activity_id: 4,
      title: 'AI应用落地闭门沙龙·杭州站',
      banner: banner(4, 'AI应用落地闭门沙龙', '杭州站 · 限额40席'),
      is_submit: 1,
      is_privacy: 1,
      privacy: PRIVACY,
      form: JSON.stringify(salon),
    },
  ];
}
