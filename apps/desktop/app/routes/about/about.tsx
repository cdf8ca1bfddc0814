import { Link } from 'react-router';
import { seoMeta, useStartup } from '@portal/ui';
import { serverApi } from '@portal/api-client/server';
import type { Route } from './+types/about';
import { Breadcrumb } from '../../features/content/components/Breadcrumb';
import { absolute, pageSeo } from '../../features/content/lib/seo.server';
import { SITE_NAME } from '@portal/api-client/constants';
import { contentStyles } from '../../features/content/styles';
import { href } from '@portal/routes';
import { TEXT } from '@portal/api-client/messages';

export const links: Route.LinksFunction = () => contentStyles;

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    seo: await pageSeo(serverApi(context), 'about', '关于我们'),
    canonical: absolute(request, href.about()),
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.canonical) : []);

const SERVICES = [
  {
    title: '新闻资讯',
    text: '每日追踪人工智能、云计算、大数据、物联网、服务器存储、网络与渠道动态，覆盖十二个专业栏目。',
  },
  {
    title: '专题与白皮书',
    text: '围绕中小企业关心的选型、部署与运维问题，策划深度专题，发布技术白皮书与研究报告。',
  },
  {
    title: '活动与视频',
    text: '举办行业峰会、渠道大会与线上研讨会，提供发布会直播、产品演示与专家访谈视频。',
  },
  { title: TEXT.itReport, text: '每周一期，汇总本周行业要闻与编辑推荐，会员可订阅，往期可按年份回顾。' },
];

/** /about: the company, its services, contact and copyright statement (company_letter). */
export default function About() {
  const footer = useStartup().bottom;
  const info = Object.entries(footer?.info ?? {});
  const address = info.find(([label]) => label.includes('地址'));
  const statement = info.find(([label]) => label.includes('声明'));
  const filings = info.filter(([label]) => label !== address?.[0] && label !== statement?.[0]);
  return (
    <main className="page container narrow-page">
      <Breadcrumb items={[{ label: '关于我们' }]} />
      <header className="section-hero section-hero--about">
        <h1>关于{SITE_NAME}</h1>
        <p>
          {SITE_NAME}
          是面向中小企业IT决策者与从业者的专业科技媒体，以“让中小企业用好IT”为使命，提供IT产业新闻、产品评测、行业案例、白皮书、视频与线下活动服务。
        </p>
      </header>
      <section className="block about">
        <h2>我们提供</h2>
        <ul className="about__services">
          {SERVICES.map((s) => (
            <li key={s.title}>
              <strong>{s.title}</strong>
              <p>{s.text}</p>
            </li>
          ))}
        </ul>
        {/* The footer's 联系我们 and the privacy statement link here (href.about('contact')). */}
        <h2 id="contact">联系我们</h2>
        <dl className="about__info">
          {address ? (
            <div>
              <dt>{address[0]}</dt>
              <dd>{address[1]}</dd>
            </div>
          ) : null}
          {filings.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {footer && footer.qrcodes.length > 0 ? (
          <ul className="about__qr">
            {footer.qrcodes.map((q) => (
              <li key={q.name}>
                <img src={q.img} alt={q.name} width={110} height={110} loading="lazy" />
                <span>{q.name}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <h2 id="copyright">版权声明</h2>
        <p className="about__statement">
          {statement?.[1] ?? `本站所有内容版权归${SITE_NAME}所有，未经书面授权不得转载。`}
        </p>
        <p className="about__links">
          <Link to={href.recruit()}>加入我们 ›</Link>
        </p>
      </section>
    </main>
  );
}
