import type { WhitePaper } from '@portal/api-client';
import { MSG } from '@portal/api-client/messages';
import { loadMember } from '@portal/session';
import { Thumb } from '../shared/Thumb';
import { dayOf } from '@portal/ui/format';
import { isPaidPaper } from '@portal/api-client/constants';

export interface WhitePaperCardProps {
  paper: WhitePaper;
  /** Called with the warning when a visitor opens a paid paper (spec section 5). */
  onNeedLogin: (message: string) => void;
}

/**
 * A white paper of the home's 白皮书 tab. A free one opens its PDF in a new tab; a paid one has no
 * public file (its url is the in-product viewer /white_pager/pdf?id=N, which fetches the PDF for
 * the member) and needs a logged-in member.
 */
export function WhitePaperCard({ paper, onNeedLogin }: WhitePaperCardProps) {
  const paid = isPaidPaper(paper);
  return (
    <a
      className="m-paper"
      href={paper.url}
      {...(paid ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
      onClick={(event) => {
        if (!paid || loadMember()) return;
        event.preventDefault();
        onNeedLogin(MSG.loginFirst);
      }}
    >
      <Thumb src={paper.thumb} alt="" className="m-paper__thumb" />
      <span className="m-paper__body">
        <span className="m-paper__title">{paper.title}</span>
        <span className="m-paper__desc">{paper.description}</span>
        <span className="m-paper__foot">
          <span className={`m-paper__badge${paid ? ' is-paid' : ''}`}>{paid ? '会员专享' : '免费下载'}</span>
          <time>{dayOf(paper.created_at)}</time>
        </span>
      </span>
    </a>
  );
}
