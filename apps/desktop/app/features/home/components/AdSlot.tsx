import type { Ad } from '@portal/api-client';

/** One of the five ad positions; renders nothing when the slot is empty. */
export function AdSlot({
  ad,
  slot,
  className = '',
}: {
  ad: Ad | null | undefined;
  slot: number;
  className?: string;
}) {
  if (!ad) return null;
  return (
    <a
      className={`ad-slot ${className}`}
      href={ad.url}
      target="_blank"
      rel="noopener noreferrer sponsored"
      data-slot={slot}
      title={ad.title}
    >
      <img src={ad.thumb} alt={ad.title} loading="lazy" />
      <span className="ad-slot__tag">广告</span>
    </a>
  );
}
