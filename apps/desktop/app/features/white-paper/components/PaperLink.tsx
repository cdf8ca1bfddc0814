import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { WhitePaper } from '@portal/api-client';
import { useRequireMember } from '../../shared/member';
import { isPaidPaper } from '@portal/api-client/constants';
import { href } from '@portal/routes';

/**
 * A link to a white paper's PDF view. A paid paper (is_free not 0) opened by a visitor without a
 * member session shows 请先登录 and goes to /login instead (spec sections 5 and 6).
 */
export function PaperLink({
  paper,
  className,
  children,
}: {
  paper: WhitePaper;
  className?: string;
  children: ReactNode;
}) {
  const requireMember = useRequireMember();
  return (
    <Link
      to={href.whitePaper(paper.id)}
      className={className}
      title={paper.title}
      onClick={(e) => {
        if (isPaidPaper(paper) && !requireMember()) e.preventDefault();
      }}
    >
      {children}
    </Link>
  );
}

export function PaperBadge({ paper }: { paper: WhitePaper }) {
  return (
    <span className={isPaidPaper(paper) ? 'papers__badge is-paid' : 'papers__badge'}>
      {isPaidPaper(paper) ? '会员' : '免费'}
    </span>
  );
}
