/** The member's calls: the account, the column and the newsletter (spec section 4, issue 25). */

export type { ColumnSpace } from '../entities/column';
export type { ColumnArticle, ColumnArticlePayload } from '../entities/column-article';
export type { Member, MemberRegisterPayload, MemberUpdatePayload } from '../entities/member';
export type { NewsletterPayload, NewsletterSubscription } from '../entities/newsletter';

/**
 * drag_captcha: a picture with a gap and the piece cut from it. Where the gap is stays on the
 * server; the client sends how far the piece was dragged (px from the left of the picture).
 */
export interface DragChallenge {
  id: string;
  width: number;
  height: number;
  /** Size of the square piece, px. */
  piece_size: number;
  /** Top of the piece, px: it moves only sideways. */
  y: number;
  /** The picture with the gap, a PNG data URL. */
  image: string;
  /** The piece, a PNG data URL. */
  piece: string;
}

/** Added by the client to every call when a member is logged in. */
export interface MemberIdentity {
  stoken: string;
  member_id: number;
}

/** What wx.config needs besides the api list (WeChat JS-SDK). */
export interface WechatSignature {
  appId: string;
  /** Seconds since the epoch. */
  timestamp: number;
  nonceStr: string;
  /** sha1 hex of jsapi_ticket=…&noncestr=…&timestamp=…&url=…. */
  signature: string;
}
