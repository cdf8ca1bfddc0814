/** The not-found illustration, drawn inline so the page needs no extra request. */
export function NotFoundImage({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 320 180"
      role="img"
      aria-label="404"
      xmlns="http://www.w3.org/2000/svg"
    >
      <ellipse cx="160" cy="160" rx="130" ry="10" fill="#e8edf3" />
      <text
        x="160"
        y="118"
        textAnchor="middle"
        fontSize="104"
        fontWeight="700"
        fill="#d9e3f0"
        fontFamily="Arial, sans-serif"
      >
        404
      </text>
      <g transform="translate(118 50)">
        <circle cx="42" cy="42" r="30" fill="#fff" stroke="#c8102e" strokeWidth="8" />
        <line x1="64" y1="64" x2="90" y2="90" stroke="#c8102e" strokeWidth="10" strokeLinecap="round" />
        <path d="M30 36 q12 -10 24 0" stroke="#8a96a8" strokeWidth="4" fill="none" strokeLinecap="round" />
        <circle cx="33" cy="48" r="3.5" fill="#8a96a8" />
        <circle cx="51" cy="48" r="3.5" fill="#8a96a8" />
      </g>
    </svg>
  );
}
