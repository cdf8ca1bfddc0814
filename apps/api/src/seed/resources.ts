import { resourceSchema, type ResourceKind, type ResourceRecord } from '@portal/api-client/admin-resources';
import type { Db } from '../db';
import { RESOURCE_STORES } from '../repositories/resources';

/** The four open positions of /recruit (spec section 2), seeded as back-office records. */
const JOBS = [
  {
    title: '记者/编辑',
    city: '北京',
    count: '2人',
    summary: '负责人工智能、云计算、存储与网络等IT领域的新闻采访、深度报道与专题策划。',
    duties: [
      '跟踪IT产业动态，负责厂商发布会、行业峰会的现场采访与稿件撰写；',
      '围绕中小企业数字化转型策划专题，完成人物专访、案例报道与产品评测；',
      '负责网站、微信公众号与视频号内容的编辑、校对和日常更新；',
      '维护厂商公关与行业专家资源，拓展优质作者与专栏。',
    ],
    requirements: [
      '本科及以上学历，新闻、中文、计算机等相关专业优先；',
      '一年以上科技媒体采编经验，熟悉IT行业者优先，优秀应届毕业生亦可；',
      '文字功底扎实，新闻敏感度高，能够独立完成采访和深度稿件；',
      '具备良好的沟通能力和团队合作精神，能够适应出差。',
    ],
  },
  {
    title: '销售经理',
    city: '北京',
    count: '3人',
    summary: '面向IT厂商与渠道商销售媒体广告、活动赞助与内容营销方案，完成销售目标。',
    duties: [
      '开拓和维护IT厂商、分销商及集成商客户，完成个人销售业绩；',
      '深入了解客户市场需求，提供网络广告、线下活动与内容营销整合方案；',
      '负责合同谈判、签订与回款跟进，维护长期合作关系；',
      '收集行业与竞品信息，为公司产品与价格策略提供建议。',
    ],
    requirements: [
      '大专及以上学历，市场营销、广告或计算机相关专业优先；',
      '两年以上媒体广告或IT行业销售经验，有厂商客户资源者优先；',
      '目标感强，具备出色的沟通、谈判与客户关系管理能力；',
      '能承受一定工作压力，适应短期出差。',
    ],
  },
  {
    title: '项目主管',
    city: '北京',
    count: '1人',
    summary: '统筹线上研讨会、行业峰会与渠道大会等项目，从策划到执行全程负责。',
    duties: [
      '负责活动与营销项目的整体规划、预算编制与进度管理；',
      '协调内容、设计、技术与销售团队，确保项目按时高质量交付；',
      '对接客户与供应商，管理场地、搭建、直播及嘉宾邀约等事务；',
      '项目结束后完成数据统计与效果复盘，持续优化执行流程。',
    ],
    requirements: [
      '本科及以上学历，三年以上会展、活动或营销项目管理经验；',
      '熟悉线上直播与线下会议的执行流程，有IT行业活动经验者优先；',
      '逻辑清晰、执行力强，具备优秀的跨部门协调能力；',
      '熟练使用常用办公软件，具备项目管理工具使用经验者优先。',
    ],
  },
  {
    title: '高级客户经理(AE)',
    city: '北京',
    count: '2人',
    summary: '作为核心客户的服务负责人，理解客户营销目标并推动整合方案落地。',
    duties: [
      '负责重点IT厂商客户的日常服务，准确理解并分解客户需求；',
      '撰写营销提案与执行方案，协调内部资源推动落地；',
      '跟踪投放与活动效果，定期向客户提交数据报告并提出优化建议；',
      '挖掘客户的持续合作机会，提升客户满意度与续约率。',
    ],
    requirements: [
      '本科及以上学历，三年以上广告公司或媒体AE工作经验；',
      '熟悉数字营销与内容营销，具备优秀的提案撰写和演示能力；',
      '服务意识强，善于沟通，能够在多项目并行的情况下保持条理；',
      '有IT、通信或企业服务行业客户服务经验者优先。',
    ],
  },
];

const SEED_ACTOR = { editorId: null, editor: 'seed' };

/**
 * Writes demo records through the back office's resource layer: the kind's declared schema
 * validates them and its store writes them, inside the seed's transaction. Rows in table shape
 * are read as records (`sort` is the declared `order`; a generated `id` is the store's to assign).
 */
export async function seedResource(
  tx: Db,
  kind: ResourceKind,
  rows: readonly Record<string, unknown>[],
  now: number,
): Promise<void> {
  const create = RESOURCE_STORES[kind].create;
  if (!create) throw new Error(`seed: the ${kind} resource cannot create`);
  const schema = resourceSchema(kind, 'create');
  for (const row of rows) {
    const { sort, ...rest } = row;
    const record = sort === undefined ? rest : { ...rest, order: sort };
    const input = schema.validateSync(record, { stripUnknown: true }) as ResourceRecord;
    await create(tx, input, now, SEED_ACTOR);
  }
}

/**
 * Writes demo rows given in table shape through the resource layer, keeping each row as it is:
 * the store reads the row as the back office would (`fromRow`), the declared schema validates that
 * record, and the store creates it with the row's own id and undeclared columns (seed-only option
 * of `create`), so rows that point to these ids stay right and the seeded data is unchanged.
 */
export async function seedRows(
  tx: Db,
  kind: ResourceKind,
  rows: readonly Record<string, unknown>[],
  now: number,
): Promise<void> {
  const store = RESOURCE_STORES[kind];
  if (!store.create || !store.fromRow) throw new Error(`seed: the ${kind} resource cannot take seeded rows`);
  const schema = resourceSchema(kind, 'create');
  for (const row of rows) {
    const input = schema.validateSync(store.fromRow(row), { stripUnknown: true }) as ResourceRecord;
    await store.create(tx, input, now, SEED_ACTOR, row);
  }
}

/** The demo sensitive words: made-up test words, one per level, named in the README. */
export const DEMO_SENSITIVE_WORDS = [
  { word: '测试违禁词', level: 'block', note: '演示：禁止' },
  { word: '测试审核词', level: 'review', note: '演示：审核' },
  { word: '测试替换词', level: 'mask', replacement: '***', note: '演示：替换' },
];

/** The positions of /recruit, in order. */
export const seedJobs = (tx: Db, now: number) =>
  seedResource(
    tx,
    'jobs',
    JOBS.map((job, i) => ({ ...job, enabled: true, sort: i + 1 })),
    now,
  );

/**
 * The site settings resource's records (`seo:<page>`, `footer:<label>`, `link:<name>`) for the
 * demo's SEO rows, footer lines and the site's own links, so they are written as an editor's are.
 */
export function siteSettings(
  seo: readonly Record<string, unknown>[] = [],
  footer: readonly Record<string, unknown>[] = [],
  links: readonly Record<string, unknown>[] = [],
): Record<string, unknown>[] {
  return [
    ...seo.map((r) => ({
      key: `seo:${String(r.page)}`,
      title: r.title,
      description: r.description,
      keyword: r.keyword,
      order: 0,
    })),
    ...footer.map((r) => ({
      key: `footer:${String(r.label)}`,
      title: r.label,
      description: r.value,
      keyword: '',
      order: r.sort,
    })),
    ...links
      .filter((l) => l.kind === 'website')
      .map((r) => ({
        key: `link:${String(r.name)}`,
        title: r.name,
        description: '',
        keyword: r.url,
        order: r.sort,
      })),
  ];
}
