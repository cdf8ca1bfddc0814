import { UploadImage } from '@portal/ui';
import type { TopicHead } from '@portal/ui/topic';

/** The head of a topic's page: its cover beside the title, the description and the article count. */
export function TopicHero({ topic, total }: { topic: TopicHead; total: number }) {
  return (
    <header className="topic-hero">
      {topic.thumb ? (
        <UploadImage
          className="topic-hero__cover"
          src={topic.thumb}
          sizes="400px"
          alt=""
          width={400}
          height={225}
          loading="eager"
          decoding="async"
        />
      ) : null}
      <div className="topic-hero__text">
        <span className="topic-hero__tag">专题</span>
        <h1>{topic.title}</h1>
        {topic.description ? <p>{topic.description}</p> : null}
        <small>共 {total} 篇文章</small>
      </div>
    </header>
  );
}
