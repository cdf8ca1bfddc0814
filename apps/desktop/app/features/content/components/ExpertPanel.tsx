import { useFetcher } from 'react-router';
import type { Expert } from '@portal/api-client';
import { SectionTitle } from '../../shared/SectionTitle';
import { href } from '@portal/routes';

/**
 * 专家 panel with 换一批: the server renders batch 0; each click loads the next batch from a small
 * resource route (the API wraps around after the last batch), so no HTTP client ships to the browser.
 */
export function ExpertPanel({ initial }: { initial: Expert[] }) {
  const fetcher = useFetcher<{ batch: number; experts: Expert[] }>();
  // The last batch loaded, or the server's batch 0 (also when a load failed and came back empty).
  const shown =
    fetcher.data && fetcher.data.experts.length > 0 ? fetcher.data : { batch: 0, experts: initial };
  if (shown.experts.length === 0) return null;
  const loading = fetcher.state !== 'idle';
  return (
    <section className="block side-block experts" aria-busy={loading}>
      <div className="experts__head">
        <SectionTitle title="专家观点" />
        <button
          type="button"
          className="experts__more"
          disabled={loading}
          onClick={() => fetcher.load(href.categoryExperts(shown.batch + 1))}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" width="14" height="14">
            <path
              d="M17.6 6.4A8 8 0 104 12h2a6 6 0 1110.2 4.2L14 14v6h6l-2.3-2.3A8 8 0 0017.6 6.4z"
              fill="currentColor"
            />
          </svg>
          换一批
        </button>
      </div>
      <ul className="experts__list">
        {shown.experts.map((e) => (
          <li key={e.id}>
            <img src={e.avatar} alt="" width={56} height={56} loading="lazy" decoding="async" />
            <div>
              <strong>{e.name}</strong>
              <span>{e.company}</span>
              <small>{e.job}</small>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
