import { data, Link } from 'react-router';
import { serverApi } from '@portal/api-client/server';
import type { Route } from './+types/detail';
import { Breadcrumb } from '../../features/content/components/Breadcrumb';
import { absolute } from '../../features/content/lib/seo.server';
import { SITE_NAME } from '@portal/api-client/constants';
import { seoMeta } from '@portal/ui';
import { contentStyles } from '../../features/content/styles';
import { settle } from '@portal/api-client/envelope';
import { unwrap } from '@portal/api-client/route-envelope';
import { RECRUIT_CONTACT, jobIndex } from '../../features/recruit/jobs';
import { href } from '@portal/routes';
import { TEXT } from '@portal/api-client/messages';

export const links: Route.LinksFunction = () => contentStyles;

/** /recruit/detail?id=N: the Nth position of /recruit (from 0); any other id is a 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id');
  const index = jobIndex(id);
  if (index === null) throw data(null, { status: 404 });
  const job = unwrap('get_jobs', await settle(serverApi(context).get_jobs({})))[index];
  if (!job) throw data(null, { status: 404 });
  return { job, canonical: absolute(request, href.job(index)) };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const job = d?.job;
  if (!d || !job) return [];
  return seoMeta(
    {
      title: `招聘${job.title}（${job.city}）-加入我们-${SITE_NAME}`,
      description: job.summary,
      keyword: `招聘,${job.title},${job.city}`,
    },
    d.canonical,
  );
};

export default function RecruitDetail({ loaderData: d }: Route.ComponentProps) {
  const { job } = d;
  return (
    <main className="page container narrow-page">
      <Breadcrumb items={[{ label: TEXT.joinUs, to: href.recruit() }, { label: job.title }]} />
      <article className="block job">
        <header className="job__head">
          <div>
            <h1>{job.title}</h1>
            <p>
              {job.city} · 全职 · 招聘{job.count}
            </p>
          </div>
          <a
            className="ui-button ui-button--primary"
            href={`mailto:${RECRUIT_CONTACT.email}?subject=${encodeURIComponent(`${job.title}-`)}`}
          >
            投递简历
          </a>
        </header>
        <p className="job__summary">{job.summary}</p>
        <h2>岗位职责</h2>
        <ol>
          {job.duties.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ol>
        <h2>任职要求</h2>
        <ol>
          {job.requirements.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ol>
        <p className="job__contact">
          联系方式：请将简历发送至 <a href={`mailto:${RECRUIT_CONTACT.email}`}>{RECRUIT_CONTACT.email}</a>
          ，邮件标题注明“{RECRUIT_CONTACT.subject}”；电话 {RECRUIT_CONTACT.phone}。
        </p>
        <p className="job__back">
          <Link to={href.recruit()}>‹ 返回职位列表</Link>
        </p>
      </article>
    </main>
  );
}
