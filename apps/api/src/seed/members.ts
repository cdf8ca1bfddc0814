import type { Insertable } from 'kysely';
import { ArticleStatus, ColumnStatus, Flag } from '@portal/api-client/constants';
import type { DB } from '../db/schema';
import { storedHtml } from '../lib/sanitize';
import type { ArticleRow } from './content';
import type { FileSink } from './files';
import { avatar } from './images';
import { rngFor } from './random';

/** The demo member named in the README, and its column. */
export const DEMO_MEMBER = {
  username: 'demo',
  password: 'demo123456',
  mobile: '13800138000',
  email: 'demo@example.com',
} as const;

interface ColumnPiece {
  title: string;
  channel: number;
  category: number;
  status: number;
  refuse?: string;
  description: string;
  keyword: string;
  paragraphs: string[];
}

const PIECES: ColumnPiece[] = [
  {
    title: '我们是如何把备份恢复时间缩短一半的',
    channel: 1,
    category: 3,
    status: ArticleStatus.Approved,
    description: '一家200人规模的制造企业，用三个月重建了备份体系。',
    keyword: '备份,容灾,中小企业',
    paragraphs: [
      '去年一次服务器故障让我们意识到，备份“有”不等于备份“能用”。那次恢复花了整整两天，生产计划被迫推迟。',
      '我们首先梳理了业务系统的重要程度，为ERP、财务和设计图纸分别制定了不同的备份频率和保留周期。',
      '随后引入了支持不可篡改快照的备份一体机，并每月做一次恢复演练。现在核心系统的恢复时间已经从两天缩短到半天以内。',
    ],
  },
  {
    title: '小团队上云的三点体会',
    channel: 1,
    category: 2,
    status: ArticleStatus.Approved,
    description: 'IT只有两个人，我们如何平稳完成上云。',
    keyword: '云计算,上云,运维',
    paragraphs: [
      '公司IT部门只有两个人，机房空调和UPS的维护一直是负担。权衡之后，我们决定把大部分应用迁到云上。',
      '第一点体会是先迁移边缘系统，积累经验后再动核心业务；第二点是一定要提前做好账号和权限规划；第三点是定期查看账单，及时释放闲置资源。',
    ],
  },
  {
    title: '门店网络改造手记',
    channel: 1,
    category: 7,
    status: ArticleStatus.Pending,
    description: '三十家门店的网络如何统一管理。',
    keyword: '网络,SD-WAN,门店',
    paragraphs: [
      '我们在全国有三十多家门店，过去每家店的网络都由当地人员自行维护，出了问题只能电话远程指导。',
      '今年我们试点了云管理网络，总部可以统一下发配置，故障定位也快了很多。',
    ],
  },
  {
    title: '制造企业数据治理的第一步',
    channel: 2,
    category: 12,
    status: ArticleStatus.Pending,
    description: '从物料编码统一开始的数据治理实践。',
    keyword: '数据治理,数字化转型,制造业',
    paragraphs: [
      '很多人谈数据治理会想到复杂的平台，而我们的第一步只是把物料编码统一起来。',
      '这件看似简单的事，前后用了半年时间，却让后续的库存分析和成本核算变得可信。',
    ],
  },
  {
    title: 'AI客服试点总结（草稿）',
    channel: 1,
    category: 1,
    status: ArticleStatus.Unreviewed,
    description: '我们的AI客服试点数据与经验。',
    keyword: '人工智能,智能客服',
    paragraphs: ['本文记录了我们在售后服务中试点AI客服三个月的情况，目前仍在补充数据。'],
  },
  {
    title: '中小企业选购服务器的误区',
    channel: 1,
    category: 5,
    status: ArticleStatus.Unreviewed,
    description: '配置越高越好吗？',
    keyword: '服务器,选型',
    paragraphs: [
      '很多企业采购服务器时习惯“一步到位”，结果大量资源长期闲置。本文结合我们的经验谈谈如何按需选型。',
    ],
  },
  {
    title: '某品牌交换机最低价清单',
    channel: 1,
    category: 7,
    status: ArticleStatus.Rejected,
    refuse: '文章以产品报价和促销信息为主，不符合专栏内容规范，请补充技术分析或使用体验后重新提交。',
    description: '交换机价格汇总。',
    keyword: '交换机,价格',
    paragraphs: ['以下是近期整理的几款交换机的渠道价格，供参考。'],
  },
  {
    title: '渠道转型之我见',
    channel: 2,
    category: 10,
    status: ArticleStatus.Rejected,
    refuse: '正文内容过短，论点缺少事实和案例支撑，请充实后再提交审核。',
    description: '关于渠道转型的一些看法。',
    keyword: '渠道,转型',
    paragraphs: ['渠道商需要转型。'],
  },
];

function html(paragraphs: string[]): string {
  return paragraphs.map((p) => `<p>${p}</p>`).join('\n');
}

export interface MemberPlan {
  member: Insertable<DB['members']>;
  columnArticles: Insertable<DB['column_articles']>[];
}

/**
 * The demo member (id 1) with an approved column and articles in every status. The approved
 * pieces replace the article rows at `publishedRows`, so they keep their chronological ids.
 */
export function demoMember(
  files: FileSink,
  passwordHash: string,
  arts: ArticleRow[],
  publishedRows: number[],
  categoryOf: (columnCategory: number) => number,
  now: number,
): MemberPlan {
  const rng = rngFor('member');
  const memberId = 1;
  const created = now - 400 * 86_400_000;
  const member: Insertable<DB['members']> = {
    id: memberId,
    username: DEMO_MEMBER.username,
    mobile: DEMO_MEMBER.mobile,
    email: DEMO_MEMBER.email,
    company: '杭州青禾数字科技有限公司',
    industry: 10,
    position: 4,
    department: 2,
    province: '浙江省',
    city: '杭州市',
    address: '西湖区文三路90号东部软件园8号楼',
    company_people: '100-499',
    password_hash: passwordHash,
    status: 1,
    avatar: files.write('img/avatar/demo.svg', avatar(rng, '演示')),
    column_status: ColumnStatus.Approved,
    column_refuse: '',
    created_at: created,
    updated_at: created,
  };
  let published = 0;
  const columnArticles = PIECES.map((p, i) => {
    let article_id: number | null = null;
    let createdAt = now - (PIECES.length - i) * 5 * 86_400_000;
    if (p.status === ArticleStatus.Approved && published < publishedRows.length) {
      const row = arts[publishedRows[published++]];
      const catId = categoryOf(p.category);
      Object.assign(row, {
        cat_id: catId,
        title: p.title,
        description: p.description,
        keyword: p.keyword,
        author: DEMO_MEMBER.username,
        source_name: '会员专栏',
        ...storedHtml(html(p.paragraphs)),
        member_id: memberId,
        is_hot: 0,
        is_pic: 0,
        is_recommend: 0,
        is_policy: 0,
      });
      article_id = row.id;
      createdAt = row.created_at - 2 * 86_400_000;
    }
    return {
      id: i + 1,
      member_id: memberId,
      title: p.title,
      channel: p.channel,
      category: p.category,
      ...storedHtml(html(p.paragraphs)),
      description: p.description,
      keyword: p.keyword,
      is_push: i % 2 === 0 ? Flag.Yes : Flag.No,
      status: p.status,
      refuse: p.refuse ?? '',
      article_id,
      created_at: createdAt,
      updated_at: createdAt + 3600_000,
    };
  });
  return { member, columnArticles };
}
