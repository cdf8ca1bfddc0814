import { Link } from 'react-router';
import { serverApi } from '@portal/api-client/server';
import { seoMeta } from '@portal/ui';
import type { Route } from './+types/recruit';
import { Breadcrumb } from '../../features/content/components/Breadcrumb';
import { absolute, pageSeo } from '../../features/content/lib/seo.server';
import { contentStyles } from '../../features/content/styles';
import { settle } from '@portal/api-client/envelope';
import { unwrap } from '@portal/api-client/route-envelope';
import { RECRUIT_CONTACT } from '../../features/recruit/jobs';
import { href } from '@portal/routes';
import { TEXT } from '@portal/api-client/messages';

export const links: Route.LinksFunction = () => contentStyles;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const [jobs, seo] = await Promise.all([settle(api.get_jobs({})), pageSeo(api, 'recruit', TEXT.joinUs)]);
  return {
    jobs: unwrap('get_jobs', jobs),
    seo,
    canonical: absolute(request, href.recruit()),
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.canonical) : []);

/** /recruit: the open positions (the back office's jobs, in its order). */
export default function Recruit({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="page container narrow-page">
      <Breadcrumb items={[{ label: TEXT.joinUs }]} />
      <header className="section-hero section-hero--recruit">
        <h1>加入我们</h1>
        <p>
          我们是一支专注IT产业与中小企业数字化的媒体团队。如果你热爱科技、乐于表达，欢迎加入，与我们一起记录中国IT产业的变化。
        </p>
      </header>
      <ul className="job-grid">
        {d.jobs.map((job, i) => (
          <li key={job.id} className="job-card">
            <Link to={href.job(i)}>
              <strong>{job.title}</strong>
              <span className="job-card__meta">
                {job.city} · 全职 · 招聘{job.count}
              </span>
              <span className="job-card__summary">{job.summary}</span>
              <span className="job-card__cta">查看职位详情 ›</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="block recruit-contact">
        简历投递：{RECRUIT_CONTACT.email}（邮件标题请注明“{RECRUIT_CONTACT.subject}”），咨询电话：
        {RECRUIT_CONTACT.phone}
      </p>
    </main>
  );
}
