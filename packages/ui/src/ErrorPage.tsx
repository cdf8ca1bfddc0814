import { Link } from 'react-router';
import { NotFoundImage } from './NotFoundImage';
import { href } from '@portal/routes';

export const NOT_FOUND_MESSAGE = '抱歉，您访问的页面不存在（404）';
export const SERVER_ERROR_MESSAGE = '抱歉，页面出错了，请稍后再试';

export interface ErrorPageProps {
  status: number;
  /** Shown under the title for errors other than 404. */
  message?: string;
}

/** The 404 page (image, back button, link home) and the error page (status and message). */
export function ErrorPage({ status, message }: ErrorPageProps) {
  const notFound = status === 404;
  return (
    <main className="ui-error-page" data-status={status}>
      <NotFoundImage className="ui-error-page__image" />
      <h1 className="ui-error-page__title">{notFound ? NOT_FOUND_MESSAGE : SERVER_ERROR_MESSAGE}</h1>
      {!notFound && message ? <p className="ui-error-page__message">{message}</p> : null}
      <div className="ui-error-page__actions">
        <button type="button" className="ui-button" onClick={() => window.history.back()}>
          返回上一页
        </button>
        {notFound ? (
          <Link to={href.home()} className="ui-button ui-button--primary">
            返回首页
          </Link>
        ) : null}
      </div>
    </main>
  );
}
