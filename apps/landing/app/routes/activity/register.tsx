import { data, isRouteErrorResponse } from 'react-router';
import { ErrorCode, type PlaceOption } from '@portal/api-client';
import { serverApi } from '@portal/api-client/server';
import { ActivityForm } from '../../features/activity-form/components/ActivityForm';
import { ErrorPage, pageUrl, shareMeta } from '@portal/ui';
import type { Route } from './+types/register';
import { isOk } from '@portal/api-client/envelope';
import { Flag } from '@portal/api-client/constants';

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/** What the loader throws when getForm fails: the server's message. */
interface LoadError {
  msg: string;
}

const serverMsg = (error: unknown): string | undefined =>
  isRouteErrorResponse(error) && typeof (error.data as Partial<LoadError> | null)?.msg === 'string'
    ? (error.data as LoadError).msg
    : undefined;

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const idText = query.get('id') ?? '';
  if (!/^\d{1,9}$/.test(idText) || Number(idText) < 1) throw notFound();
  const activityId = Number(idText);
  const api = serverApi(context);
  const res = await api.getForm({ activity_id: activityId });
  // Spec section 8: the page shows the server's msg (活动表单不存在), with the status that fits.
  if (res.code === ErrorCode.NotFound || res.code === ErrorCode.Validation) {
    throw data({ msg: res.msg } satisfies LoadError, { status: 404 });
  }
  if (!isOk(res)) throw data({ msg: res.msg } satisfies LoadError, { status: 503 });
  const form = res.data;
  let provinces: PlaceOption[] = [];
  if (form.form.some((f) => f.is_show === Flag.Yes && (f.type === 'province' || f.type === 'city'))) {
    const res = await api.get_province({});
    // Without the list the province field stays empty; the rest of the form still works.
    if (isOk(res)) provinces = res.data;
    else console.error(`[activity] get_province: ${res.code} ${res.msg}`);
  }
  return {
    activityId,
    source: (query.get('source') ?? '').slice(0, 100),
    form,
    provinces,
    url: pageUrl(request),
  };
}

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  loaded
    ? [
        { title: loaded.form.title },
        { name: 'robots', content: 'noindex' },
        // Shared in chats even though search engines skip it.
        ...shareMeta({
          title: loaded.form.title,
          description: `${loaded.form.title}，欢迎报名`,
          url: loaded.url,
          image: loaded.form.banner || undefined,
          siteName: loaded.form.title,
        }),
      ]
    : [];

export default function ActivityRegister({ loaderData }: Route.ComponentProps) {
  const { form } = loaderData;
  return (
    <div className="lp-page lp-activity">
      {form.banner ? (
        <div className="lp-activity__banner">
          <img src={form.banner} alt={form.title} />
        </div>
      ) : null}
      <main className="lp-activity__main">
        <div className="lp-activity__card">
          <h1 className="lp-activity__title">{form.title}</h1>
          {!form.is_submit ? <p className="lp-activity__closed">当前活动报名时间已结束</p> : null}
          <ActivityForm
            key={loaderData.activityId}
            activityId={loaderData.activityId}
            source={loaderData.source}
            form={form}
            provinces={loaderData.provinces}
          />
        </div>
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const msg = serverMsg(error);
  if (isRouteErrorResponse(error) && error.status === 404) {
    // A malformed id never reached the server: the generic page. An unknown form: the server's msg.
    if (msg === undefined) return <ErrorPage status={404} />;
    return (
      <main className="lp-load-error" role="alert">
        <h1>{msg}</h1>
        <p>请检查报名链接是否正确，或联系活动主办方。</p>
      </main>
    );
  }
  return (
    <main className="lp-load-error" role="alert">
      <h1>表单加载失败</h1>
      <p className="lp-field__error">{msg ?? '请稍后刷新重试'}</p>
    </main>
  );
}
