import { Link } from 'react-router';

export function SectionTitle({ title, more }: { title: string; more?: string }) {
  return (
    <div className="section-title">
      <h2>{title}</h2>
      {more ? (
        <Link to={more} className="section-title__more">
          更多 ›
        </Link>
      ) : null}
    </div>
  );
}
