import { useId, useState, type FormEvent } from 'react';
import { isOk } from '@portal/api-client/envelope';
import { COMPLAINT_LIMITS, COMPLAINT_REASONS, type ComplaintReason } from '@portal/api-client/constants';
import { MSG, TEXT } from '@portal/api-client/messages';
import { publicApi } from '@portal/session';
import { Dialog } from './Dialog';

export interface ComplaintLinkProps {
  /** The article shown, when the page is one (complaint_add's article_id). */
  articleId?: number;
  className?: string;
}

type Sent = { state: 'idle' } | { state: 'sending' } | { state: 'sent' } | { state: 'error'; msg: string };

/**
 * The 举报 link of an article page (issue 26): a dialog with the fixed reasons, a description, an
 * optional contact and the page it came from, sent with complaint_add. The server checks it all
 * again (limits, sensitive words, the page on this site); the checks here only save a round trip.
 */
export function ComplaintLink({ articleId, className }: ComplaintLinkProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ComplaintReason | ''>('');
  const [description, setDescription] = useState('');
  const [contact, setContact] = useState('');
  const [sent, setSent] = useState<Sent>({ state: 'idle' });
  const [page, setPage] = useState('');
  const ids = useId();

  const show = () => {
    // The address the reader is on now (client-side navigation keeps no server-side notion of it).
    setPage(window.location.href.split('#')[0] ?? '');
    setSent({ state: 'idle' });
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    if (sent.state === 'sent') {
      setReason('');
      setDescription('');
      setContact('');
    }
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sent.state === 'sending') return;
    if (!reason) return setSent({ state: 'error', msg: MSG.complaintReasonRequired });
    if (!description.trim()) return setSent({ state: 'error', msg: MSG.complaintDescriptionRequired });
    setSent({ state: 'sending' });
    try {
      const res = await (
        await publicApi()
      ).complaint_add({
        url: page,
        ...(articleId ? { article_id: articleId } : {}),
        reason,
        description,
        contact,
      });
      setSent(isOk(res) ? { state: 'sent' } : { state: 'error', msg: res.msg });
    } catch {
      setSent({ state: 'error', msg: '网络异常，请稍后再试' });
    }
  }

  return (
    <>
      <button type="button" className={`complaint-link${className ? ` ${className}` : ''}`} onClick={show}>
        举报
      </button>
      {open ? (
        <Dialog open title="举报" onClose={close} width="520px" className="complaint-dialog">
          {sent.state === 'sent' ? (
            <div className="complaint-dialog__done">
              <p role="status">{MSG.complaintSent}</p>
              <button type="button" className="complaint-dialog__submit" onClick={close}>
                关闭
              </button>
            </div>
          ) : (
            <form className="complaint-dialog__form" onSubmit={(e) => void submit(e)} noValidate>
              <fieldset className="complaint-dialog__reasons">
                <legend>举报原因</legend>
                {COMPLAINT_REASONS.map((r) => (
                  <label key={r}>
                    <input
                      type="radio"
                      name={`${ids}-reason`}
                      value={r}
                      checked={reason === r}
                      onChange={() => setReason(r)}
                    />
                    {r}
                  </label>
                ))}
              </fieldset>
              <label htmlFor={`${ids}-description`}>举报说明</label>
              <textarea
                id={`${ids}-description`}
                value={description}
                maxLength={COMPLAINT_LIMITS.description}
                rows={4}
                placeholder="请说明问题所在"
                onChange={(e) => setDescription(e.target.value)}
              />
              <span className="complaint-dialog__count">
                {description.length}/{COMPLAINT_LIMITS.description}
              </span>
              <label htmlFor={`${ids}-contact`}>联系方式（选填）</label>
              <input
                id={`${ids}-contact`}
                value={contact}
                maxLength={COMPLAINT_LIMITS.contact}
                placeholder="电话或邮箱，便于我们回复处理结果"
                onChange={(e) => setContact(e.target.value)}
              />
              <p className="complaint-dialog__page">
                举报页面：<span>{page}</span>
              </p>
              {sent.state === 'error' ? (
                <p className="complaint-dialog__error" role="alert">
                  {sent.msg}
                </p>
              ) : null}
              <button type="submit" className="complaint-dialog__submit" disabled={sent.state === 'sending'}>
                {sent.state === 'sending' ? TEXT.submitting : '提交举报'}
              </button>
            </form>
          )}
        </Dialog>
      ) : null}
    </>
  );
}
