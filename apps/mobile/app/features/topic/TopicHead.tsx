import type { TopicHead as Topic } from '@portal/ui/topic';
import { Thumb } from '../shared/Thumb';

/** The head of a topic's phone page: the cover across the screen, then the title, the description and the count. */
export function TopicHead({ topic, total }: { topic: Topic; total: number }) {
  return (
    <header className="m-topic__head">
      {topic.thumb ? (
        <span className="m-topic__cover">
          <Thumb src={topic.thumb} alt="" eager sizes="100vw" className="m-topic__thumb" />
        </span>
      ) : null}
      <div className="m-topic__info">
        <h1 className="m-topic__title">{topic.title}</h1>
        {topic.description ? <p className="m-topic__desc">{topic.description}</p> : null}
        <small className="m-topic__count">共 {total} 篇文章</small>
      </div>
    </header>
  );
}
