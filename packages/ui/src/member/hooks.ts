/**
 * The member centre without its markup (issue 12): profile, column application, column article list
 * and the article dialog, written once. Desktop (/user) and mobile (/new_user) render what these
 * return with their own layout; messages go out through the app's `say`.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Api, ColumnArticle, ColumnSpace, Member, Option } from '@portal/api-client';
import { ErrorCode } from '@portal/api-client/codes';
import { ArticleStatus, ColumnStatus, PAGE_SIZE } from '@portal/api-client/constants';
import { isOk } from '@portal/api-client/envelope';
import { loadMember, notifyMemberChange, saveMember } from '@portal/session';
import type { ToastKind } from '../toast';
import { useDeleteArticle } from './deleteArticle';
import { updateProfile, uploadAvatar, type ProfileFormValues, type ProfileOptions } from './profile';
import { TEXT, MSG } from '@portal/api-client/messages';

/** How the member centre speaks: a success, an error or a warning (the app chooses toast or notice). */
export type Say = (msg: string, kind: ToastKind) => void;

/** A failed call's message, or null for 10001 (the session redirect says that one). */
export function failureMessage(res: { code: number; msg: string }): string | null {
  return res.code === ErrorCode.SessionInvalid ? null : res.msg;
}

/** Says a failed call's message (not 10001). */
function sayFailure(say: Say, res: { code: number; msg: string }, kind: ToastKind = 'error'): void {
  const msg = failureMessage(res);
  if (msg) say(msg, kind);
}

interface MemberHookArgs {
  getApi: () => Promise<Api>;
  say: Say;
}

/** The options of the profile form: given by a loader, or fetched here (option_ls, get_province). */
function useProfileOptions(getApi: () => Promise<Api>, given?: ProfileOptions): ProfileOptions | null {
  const [fetched, setFetched] = useState<ProfileOptions | null>(null);
  useEffect(() => {
    if (given) return;
    let live = true;
    void getApi().then(async (api) => {
      const [options, provinces] = await Promise.all([api.option_ls({}), api.get_province({})]);
      if (!live) return;
      setFetched({
        industry: isOk(options) ? options.data.industry : [],
        position: isOk(options) ? options.data.position : [],
        department: isOk(options) ? options.data.department : [],
        provinces: isOk(provinces) ? provinces.data : [],
      });
    });
    return () => {
      live = false;
    };
  }, [getApi, given]);
  return given ?? fetched;
}

/**
 * 基本信息 (spec sections 3 and 5): member_info, the options, the avatar upload (png/jpg/jpeg under
 * 3 MB, checked before the upload) and member_info_update. A saved avatar goes into SMBData too.
 */
export function useProfile({
  getApi,
  say,
  memberId,
  options: givenOptions,
  onSaved,
}: MemberHookArgs & {
  memberId: number;
  /** The form's options when the page's loader has them; otherwise they are fetched. */
  options?: ProfileOptions;
  /** After a save (the desktop store follows the avatar). */
  onSaved?: (member: Member) => void;
}) {
  const [member, setMember] = useState<Member | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const options = useProfileOptions(getApi, givenOptions);

  useEffect(() => {
    let live = true;
    void getApi()
      .then((api) => api.member_info({ id: memberId }))
      .then((res) => {
        if (!live) return;
        if (isOk(res)) setMember(res.data);
        else sayFailure(say, res);
      });
    return () => {
      live = false;
    };
  }, [getApi, memberId, say]);

  const submit = async (values: ProfileFormValues) => {
    const res = await updateProfile(await getApi(), values);
    if (!isOk(res)) {
      sayFailure(say, res);
      return;
    }
    setMember(res.data);
    // SMBData keeps the avatar for display (spec section 3): the member card follows it.
    const stored = loadMember();
    if (stored) saveMember({ ...stored, avatar: res.data.avatar });
    onSaved?.(res.data);
    notifyMemberChange();
    say(res.msg || MSG.saved, 'success');
  };

  /** Uploads the chosen file and puts its url into the form's avatar field. */
  const chooseAvatar = async (
    file: File | undefined,
    setAvatar: (url: string) => Promise<unknown> | void,
  ) => {
    if (!file) return;
    setUploading(true);
    try {
      const uploaded = await uploadAvatar(getApi, file);
      if ('url' in uploaded) {
        await setAvatar(uploaded.url);
        say('头像已上传，保存后生效', 'success');
      } else if (uploaded.error) say(uploaded.error, 'error');
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return { member, options, submit, uploading, fileInput, chooseAvatar };
}

/**
 * 申请专栏 (spec section 4): check_space, and space_apply for a member who has not applied or was
 * refused; the status is read again after an application. `memberId` null: not known yet.
 */
export function useColumnSpace({ getApi, say, memberId }: MemberHookArgs & { memberId: number | null }) {
  const [space, setSpace] = useState<ColumnSpace | null>(null);
  const [busy, setBusy] = useState(false);
  // Bumped after an application to read the status again.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (memberId === null) return;
    let live = true;
    void getApi()
      .then((api) => api.check_space({ id: memberId }))
      .then((res) => {
        if (!live) return;
        if (isOk(res)) setSpace(res.data);
        else sayFailure(say, res);
      });
    return () => {
      live = false;
    };
  }, [getApi, memberId, say, version]);

  const apply = async () => {
    if (memberId === null) return;
    setBusy(true);
    try {
      const res = await (await getApi()).space_apply({ id: memberId });
      if (isOk(res)) say(res.msg || '申请已提交', 'success');
      else sayFailure(say, res);
      setVersion((v) => v + 1);
    } finally {
      setBusy(false);
    }
  };

  const status = space?.status;
  return {
    space,
    busy,
    apply,
    notApplied: status === ColumnStatus.NotApplied,
    underReview: status === ColumnStatus.UnderReview,
    approved: status === ColumnStatus.Approved,
    rejected: status !== undefined && status < 0,
  };
}

/** The status filter of spec section 4 (0 未审核, 1 待审核, 3 已通过, -1 未通过); each app adds its "all". */
export const ARTICLE_STATUS_FILTER: readonly { value: number; label: string }[] = [
  { value: ArticleStatus.Unreviewed, label: '未审核' },
  { value: ArticleStatus.Pending, label: '待审核' },
  { value: ArticleStatus.Approved, label: '已通过' },
  { value: ArticleStatus.Rejected, label: '未通过' },
];

/** A status's class suffix: "rejected" for negative values, else the number. */
export const articleStatusKey = (status: number): string => (status < 0 ? 'rejected' : String(status));

/** The refusal reason, shown only for rejected articles (spec section 4). */
export const refusalOf = (article: Pick<ColumnArticle, 'status' | 'refuse'>): string =>
  article.status === ArticleStatus.Rejected ? article.refuse : '';

export interface ColumnArticleQuery {
  title: string;
  /** null: every status. */
  status: number | null;
  page: number;
}

/**
 * The article dialog (spec section 4): closed, create mode or edit mode. Channels are fetched when it
 * first opens; `formProps` go to the shared ArticleForm.
 */
export function useArticleDialog({ getApi, say, onSaved }: MemberHookArgs & { onSaved: () => void }) {
  // undefined: closed; null: a new article; an article: editing it.
  const [article, setArticle] = useState<ColumnArticle | null | undefined>(undefined);
  const [channels, setChannels] = useState<Option[] | null>(null);
  const open = article !== undefined;

  useEffect(() => {
    if (!open || channels !== null) return;
    let live = true;
    void getApi()
      .then((api) => api.space_channel({}))
      .then((res) => {
        if (live) setChannels(isOk(res) ? res.data : []);
      });
    return () => {
      live = false;
    };
  }, [getApi, open, channels]);

  const close = useCallback(() => setArticle(undefined), []);
  const openNew = useCallback(() => setArticle(null), []);
  const openEdit = async (id: number) => {
    const res = await (await getApi()).space_edit_article({ id });
    if (isOk(res)) setArticle(res.data);
    else sayFailure(say, res);
  };

  return {
    open,
    /** The article being edited; null in create mode. */
    article: article ?? null,
    title: article ? TEXT.editArticle : '新增文章',
    openNew,
    openEdit,
    close,
    formProps: {
      getApi,
      article: article ?? null,
      channels: channels ?? [],
      onError: (msg: string) => say(msg, 'error'),
      onSaved: (msg: string) => {
        say(msg, 'success');
        setArticle(undefined);
        onSaved();
      },
    },
  };
}

/**
 * 专栏列表 (spec sections 4 and 7): the member's own articles, 10 a page, by title and status, with
 * the delete confirmation and the article dialog. Render `confirm` once.
 */
export function useColumnArticles({ getApi, say }: MemberHookArgs) {
  const [query, setQuery] = useState<ColumnArticleQuery>({ title: '', status: null, page: 1 });
  const [list, setList] = useState<{ items: ColumnArticle[]; total: number } | null>(null);
  // Bumped after a save or delete to fetch the current page again.
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  // The delete asks first (spec section 5); a failed delete is a warning (spec section 8).
  const deletion = useDeleteArticle({
    getApi,
    onDeleted: (msg) => {
      say(msg, 'success');
      reload();
    },
    onError: (msg) => say(msg, 'warning'),
  });
  const dialog = useArticleDialog({ getApi, say, onSaved: reload });

  useEffect(() => {
    let live = true;
    void getApi()
      .then((api) =>
        api.space_list({
          title: query.title || undefined,
          status: query.status ?? undefined,
          page: query.page,
          pageSize: PAGE_SIZE.columnList,
        }),
      )
      .then((res) => {
        if (!live) return;
        if (isOk(res)) setList({ items: res.data, total: res.total ?? res.data.length });
        else sayFailure(say, res);
      });
    return () => {
      live = false;
    };
  }, [getApi, query, version, say]);

  return {
    query,
    list,
    pageSize: PAGE_SIZE.columnList,
    /** A new search (title trimmed, back to page 1); fields left out keep their value. */
    search: (change: Partial<Pick<ColumnArticleQuery, 'title' | 'status'>>) =>
      setQuery((q) => ({ ...q, ...change, title: (change.title ?? q.title).trim(), page: 1 })),
    goTo: (page: number) => setQuery((q) => ({ ...q, page })),
    remove: deletion.ask,
    confirm: deletion.confirm as ReactNode,
    dialog,
  };
}

export type ColumnSpaceState = ReturnType<typeof useColumnSpace>;
export type ArticleDialogState = ReturnType<typeof useArticleDialog>;
