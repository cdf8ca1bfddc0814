import { storedHtml } from '../lib/sanitize';
import type { Rng } from './random';
import {
  AUTHORS,
  CATEGORY_VOCAB,
  CITIES,
  COMPANIES,
  EDITORS,
  INDUSTRIES,
  ROLES,
  SOURCES,
  type CategoryVocab,
} from './vocab';

/** One generated article, ready for the articles table (id and flags are set by the caller). */
export interface ArticleDraft {
  cat_id: number;
  title: string;
  description: string;
  keyword: string;
  author: string;
  admin_name: string;
  source_name: string;
  /** Stored as every writer stores article HTML: sanitised, with the rules' version. */
  content: string;
  content_sanitizer: number;
}

interface Slots {
  co: string;
  co2: string;
  topic: string;
  product: string;
  feature: string;
  industry: string;
  city: string;
  role: string;
  n: string;
  pct: string;
  year: string;
}

const TITLES = [
  '{co}发布新一代{product}，主打{feature}',
  '{topic}进入深水区，中小企业如何落地',
  '{co}与{co2}达成战略合作，共推{topic}在{industry}落地',
  '调查：超{pct}的中小企业计划加大{topic}投入',
  '{industry}企业的{topic}实践：从试点到规模化',
  '专访{co}{role}：{topic}的下一站在哪里',
  '{co}{product}上手体验：{feature}表现如何',
  '{year}年{topic}市场规模有望突破{n}亿元',
  '中小企业上马{topic}，先算清这三笔账',
  '{co}渠道大会召开，数百家伙伴共话{topic}',
  '{topic}落地的五个常见误区',
  '{co}推出面向中小企业的{product}订阅服务',
  '{city}一家{industry}企业借助{topic}降本增效',
  '{co}{product}获{industry}用户批量采购',
  '选购{product}，这几项指标最值得关注',
  '{topic}升温，{co}加码中小企业市场',
  '从一次故障复盘看{topic}的重要性',
  '{co}在{city}设立区域服务中心，聚焦{topic}',
  '{topic}标准体系加快完善，{industry}有望率先受益',
  '{co}{role}：把{feature}做成中小企业用得起的能力',
  '报告：{industry}{topic}渗透率持续提升',
  '{product}迎来换代，{feature}成为新卖点',
  '{co}升级合作伙伴计划，重点扶持{topic}方向',
  '{topic}实战：{city}{industry}企业的一年',
] as const;

const OPENINGS = [
  '{date}，{co}在{city}举行发布会，正式推出面向中小企业的{product}。',
  '近日，{co}宣布其{product}完成新一轮升级，重点强化了{feature}能力。',
  '在日前举行的行业峰会上，{topic}再次成为与会嘉宾讨论最多的话题之一。',
  '随着数字化进程加快，越来越多的{industry}企业开始关注{topic}。',
  '记者近日走访了{city}多家{industry}企业，发现{topic}的应用正在从“尝鲜”走向“常态”。',
  '{co}与{co2}近日签署合作协议，双方将围绕{topic}开展联合研发和市场推广。',
];

const BODY = [
  '{co}{role}在接受采访时表示，中小企业最关心的不是技术有多先进，而是能否在预算内解决实际问题。',
  '据介绍，新方案支持{feature}，部署周期可缩短{pct}以上，适合IT人员有限的企业。',
  '一位来自{city}的{industry}企业IT负责人告诉记者，过去类似的项目往往需要数月，如今几周就能上线。',
  '分析人士指出，{topic}的价值需要与具体业务场景结合才能体现，企业不宜盲目跟风。',
  '从用户反馈看，{feature}是最受欢迎的功能，其次是简化的管理界面和更透明的计费方式。',
  '{co2}相关负责人表示，将与合作伙伴一起为区域客户提供本地化的实施和售后服务。',
  '业内预计，未来三年{topic}相关支出仍将保持两位数增长，中小企业将是主要增量来源。',
  '在价格方面，{co}推出了按月订阅和一次性购买两种方式，入门配置的门槛进一步降低。',
  '需要注意的是，任何新技术的引入都伴随着组织和流程的调整，管理层的持续投入必不可少。',
  '目前，该方案已在{industry}、{industry2}等行业的数百家企业中落地。',
];

const ADVICE = [
  '先从痛点最明显、见效最快的场景入手，用小项目验证价值',
  '评估总体拥有成本，而不只是采购价格',
  '重视数据安全与合规，明确数据存放位置和访问权限',
  '优先选择开放、可扩展的产品，避免被单一厂商锁定',
  '提前规划运维方式，必要时借助服务商的托管服务',
  '为员工安排培训，让新工具真正用起来',
  '设定可衡量的目标，定期复盘投入产出',
];

const CLOSINGS = [
  '对于正在观望的企业来说，现在或许正是开始尝试的好时机。',
  '{topic}的普及还需要时间，但方向已经十分清晰。',
  '本站将持续关注{topic}领域的最新进展。',
  '可以预见，围绕{topic}的竞争将更加激烈，最终受益的将是广大中小企业用户。',
];

function fill(template: string, s: Slots & Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => s[key] ?? '');
}

function slots(rng: Rng, v: CategoryVocab, createdAt: number): Slots & Record<string, string> {
  const [co, co2] = rng.sample(COMPANIES, 2);
  const [industry, industry2] = rng.sample(INDUSTRIES, 2);
  const d = new Date(createdAt + 8 * 3600_000); // Beijing time for the dateline
  return {
    co,
    co2,
    topic: rng.pick(v.topics),
    product: rng.pick(v.products),
    feature: rng.pick(v.features),
    industry,
    industry2,
    city: rng.pick(CITIES),
    role: rng.pick(ROLES),
    n: String(rng.int(2, 60) * 50),
    pct: rng.pick(['三成', '四成', '五成', '六成', '七成']),
    year: String(d.getUTCFullYear() + (d.getUTCMonth() > 8 ? 1 : 0)),
    date: `${d.getUTCMonth() + 1}月${d.getUTCDate()}日`,
  };
}

export function vocabOf(catId: number): CategoryVocab {
  return CATEGORY_VOCAB.find((v) => v.id === catId) ?? CATEGORY_VOCAB[0];
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface DraftOptions {
  /** Inline image URL of the body ('' for none). */
  image: string;
  /** Short bodies for the scale seeder. */
  short?: boolean;
}

/** A natural-reading article of category `catId`, fully determined by the generator state. */
export function makeArticle(rng: Rng, catId: number, createdAt: number, options: DraftOptions): ArticleDraft {
  const v = vocabOf(catId);
  const s = slots(rng, v, createdAt);
  const title = fill(rng.pick(TITLES), s);
  const opening = fill(rng.pick(OPENINGS), s);
  const fact = rng.pick(v.facts);
  const description = `${opening}${fact}`.slice(0, 120);
  const keyword = [s.topic, ...rng.sample(v.keywords, 2)]
    .filter((k, i, all) => all.indexOf(k) === i)
    .join(',');

  const para = (text: string): string => `<p>${esc(text)}</p>`;
  const parts: string[] = [para(opening + fill(rng.pick(BODY), s))];
  if (options.short) {
    parts.push(para(fact + fill(rng.pick(CLOSINGS), s)));
  } else {
    const [h1, h2, h3] = rng.sample(v.headings, 3);
    const facts = rng.sample(v.facts, 3);
    const body = rng.sample(BODY, 5).map((t) => fill(t, s));
    parts.push(`<h2>${esc(h1)}</h2>`, para(facts[0] + body[0]), para(body[1] + facts[1]));
    if (options.image) {
      parts.push(`<p><img src="${esc(options.image)}" alt="${esc(title)}" width="640" height="360"></p>`);
    }
    parts.push(`<h2>${esc(h2)}</h2>`, para(body[2] + body[3]), para(facts[2]));
    const tips = rng.sample(ADVICE, rng.int(3, 4));
    parts.push(`<h2>${esc(h3)}</h2>`, para('对于计划引入相关方案的中小企业，业内人士给出了以下建议：'));
    parts.push(`<ul>${tips.map((t) => `<li>${esc(t)}</li>`).join('')}</ul>`);
    parts.push(para(body[4] + fill(rng.pick(CLOSINGS), s)));
  }
  return {
    cat_id: catId,
    title,
    description,
    keyword,
    author: rng.pick(AUTHORS),
    admin_name: rng.pick(EDITORS),
    source_name: rng.pick(SOURCES),
    ...storedHtml(parts.join('\n')),
  };
}
