import axios, { AxiosError } from 'axios';
import {
  ADMIN_API_PREFIX,
  CSRF_HEADER,
  type AdminArticle,
  type AdminArticleSummary,
  type AdminError,
  type EditConflict,
  type ArticleInput,
  type ColumnApplication,
  type LeadPage,
  type LeadSources,
  type NewsletterProgress,
  type Paged,
  type PendingColumnArticle,
  type PhoneReveal,
  type PublishResult,
  type Revision,
  type RevisionSummary,
  type SearchPushStatus,
  type SessionInfo,
} from '@portal/api-client/admin';
import type { DragChallenge } from '@portal/api-client/contract';
import type { PresenceAnswer, PresenceByRecord } from '@portal/api-client/presence';
import type {
  ResourceRecord,
  SensitiveHitView,
  SensitiveImportReport,
  SensitiveLevel,
} from '@portal/api-client/admin-resources';
import type { ArticleStats, ArticleViewsPage, StatsOverview } from '@portal/api-client/stats';
import { HTTP_TIMEOUT_MS } from '@portal/api-client/constants';
import { TRANSPORT_MESSAGES } from '@portal/api-client/http';

/**
 * The back office's client of /admin/api. The session is the httpOnly cookie the browser sends by
 * itself; the CSRF token it returned rides on every state-changing call.
 */
export const http = axios.create({
  baseURL: ADMIN_API_PREFIX,
  timeout: HTTP_TIMEOUT_MS,
  withCredentials: true,
});

let csrfToken = '';
export function rememberSession(session: SessionInfo): SessionInfo {
  csrfToken = session.csrfToken;
  return session;
}

http.interceptors.request.use((config) => {
  if (config.method && config.method.toLowerCase() !== 'get' && csrfToken)
    config.headers.set(CSRF_HEADER, csrfToken);
  return config;
});

/** A refused call, with the server's Chinese message and the field it is about. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    /** A 409 of a save from an older version: who saved in between. */
    readonly conflict?: EditConflict,
  ) {
    super(message);
  }
}

http.interceptors.response.use(undefined, (error: unknown) => {
  if (error instanceof AxiosError) {
    const body = error.response?.data as Partial<AdminError> | undefined;
    const status = error.response?.status ?? 0;
    const message = body?.message ?? (status === 0 ? TRANSPORT_MESSAGES.network : '请求失败，请稍后再试');
    if (status === 401 && !error.config?.url?.endsWith('/session')) {
      // The session ended (idle 8 h, revoked, logged out elsewhere): sign in again.
      window.location.assign(
        `/admin/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`,
      );
    }
    return Promise.reject(new AdminApiError(status, message, body?.field, body?.conflict));
  }
  return Promise.reject(error);
});

const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);
type Query = Record<string, string | number | undefined>;

export const adminApi = {
  session: () => data(http.get<SessionInfo>('/session')).then(rememberSession),
  /** `dragVerify`: the slider proof, once the server asked for it (LOGIN_CAPTCHA_FIELD). */
  login: (username: string, password: string, dragVerify?: string) =>
    data(
      http.post<SessionInfo>('/session', {
        username,
        password,
        ...(dragVerify ? { drag_verify: dragVerify } : {}),
      }),
    ).then(rememberSession),
  captcha: () => data(http.get<DragChallenge>('/session/captcha')),
  logout: () => http.delete('/session'),

  articles: (query: Query) => data(http.get<Paged<AdminArticleSummary>>('/articles', { params: query })),
  article: (id: number) => data(http.get<AdminArticle>(`/articles/${id}`)),
  createArticle: (input: ArticleInput) => data(http.post<{ id: number; status: string }>('/articles', input)),
  /** Saves from `version` (409 with the conflict when someone saved since). */
  updateArticle: (id: number, input: ArticleInput, version: number) =>
    data(http.put<AdminArticle>(`/articles/${id}`, { ...input, version })),
  deleteArticle: (id: number) => http.delete(`/articles/${id}`),
  publish: (id: number, at?: string) =>
    data(http.post<PublishResult>(`/articles/${id}/publish`, at ? { at } : {})),
  unpublish: (id: number) => data(http.post<{ id: number; status: string }>(`/articles/${id}/unpublish`, {})),
  /** 下线时间: an ISO time takes the article offline then; '' clears it. */
  unpublishAt: (id: number, at: string) =>
    data(http.post<AdminArticle>(`/articles/${id}/unpublish-at`, { at })),
  revisions: (id: number) => data(http.get<RevisionSummary[]>(`/articles/${id}/revisions`)),
  revision: (id: number, rev: number) => data(http.get<Revision>(`/articles/${id}/revisions/${rev}`)),
  restore: (id: number, rev: number) =>
    data(http.post<AdminArticle>(`/articles/${id}/revisions/${rev}/restore`, {})),
  searchPush: () => data(http.get<SearchPushStatus>('/search-push')),
  upload: (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return data(http.post<{ url: string }>('/uploads', body));
  },

  columnApplications: (query: Query) =>
    data(http.get<Paged<ColumnApplication>>('/review/columns', { params: query })),
  pendingArticles: (query: Query) =>
    data(http.get<Paged<PendingColumnArticle>>('/review/articles', { params: query })),
  decide: (kind: 'columns' | 'articles', id: number, approve: boolean, reason?: string) =>
    data(http.post(`/review/${kind}/${id}/${approve ? 'approve' : 'reject'}`, approve ? {} : { reason })),

  leadSources: () => data(http.get<LeadSources>('/leads/sources')),
  leads: (query: Query) => data(http.get<LeadPage>('/leads', { params: query })),
  /** A lead's full phone number in column `key` (source and id as the list's): audited by the server. */
  leadPhone: (row: number, query: { source: string; id: string; key: string }) =>
    data(http.get<PhoneReveal>(`/leads/${row}/phone`, { params: query })),

  /** The generic resources of issue 14 (`/admin/api/<kind>`), as their declarations describe them. */
  resources: {
    list: (kind: string, query: Query) =>
      data(http.get<Paged<ResourceRecord>>(`/${kind}`, { params: query })),
    get: (kind: string, id: string) => data(http.get<ResourceRecord>(`/${kind}/${encodeURIComponent(id)}`)),
    create: (kind: string, body: ResourceRecord) => data(http.post<ResourceRecord>(`/${kind}`, body)),
    /** Saves from `version` (409 with the conflict when someone saved since). */
    update: (kind: string, id: string, body: ResourceRecord, version: number) =>
      data(http.put<ResourceRecord>(`/${kind}/${encodeURIComponent(id)}`, { ...body, version })),
    remove: (kind: string, id: string) => http.delete(`/${kind}/${encodeURIComponent(id)}`),
    /** One record to a place (1 = first) of the whole list as `filters` select it, across pages. */
    move: (kind: string, id: number, position: number, filters: Query) =>
      http.post(`/${kind}/move`, { id, position }, { params: filters }),
  },
  /** A weekly issue's newsletter send: its progress, its start (or resume), or a test to one address. */
  newsletterProgress: (id: number) => data(http.get<NewsletterProgress>(`/reports/${id}/send`)),
  newsletterSend: (id: number, testEmail?: string) =>
    data(http.post<unknown>(`/reports/${id}/send`, testEmail ? { testEmail } : {})),
  /** Who else has a record open (a heartbeat of the edit page; a list page's ids). */
  presence: {
    beat: (entity: string, id: string) => data(http.post<PresenceAnswer>('/presence', { entity, id })),
    leave: (entity: string, id: string) => http.delete('/presence', { params: { entity, id } }),
    of: (entity: string, ids: string) =>
      data(http.get<PresenceByRecord>('/presence', { params: { entity, ids } })),
  },
  /** Sensitive words (issue 26): the editor's warnings, and the dictionary's import. */
  checkSensitive: (input: { title: string; description: string; content: string }) =>
    data(http.post<{ hits: SensitiveHitView[] }>('/sensitive-words/check', input)),
  importSensitive: (text: string, level: SensitiveLevel) =>
    data(
      http.post<SensitiveImportReport>('/sensitive-words/import', text, {
        params: { level },
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      }),
    ),
  /** Reader statistics (issue 25): the dashboard, articles by views over days, one article's views. */
  statsOverview: () => data(http.get<StatsOverview>('/stats/overview')),
  statsArticles: (query: { from: string; to: string; page?: number; pageSize?: number }) =>
    data(http.get<ArticleViewsPage>('/stats/articles', { params: query })),
  articleStats: (id: number, query: { from?: string; to?: string } = {}) =>
    data(http.get<ArticleStats>(`/stats/articles/${id}`, { params: query })),
  /** A member's full phone number: the server writes each view into the audit log. */
  memberPhone: (id: string) => data(http.get<PhoneReveal>(`/members/${encodeURIComponent(id)}/phone`)),
};

/** The dictionary's export (one word per line), downloaded with the session cookie. */
export const sensitiveExportUrl = (): string => `${ADMIN_API_PREFIX}/sensitive-words/export`;

/** Export links (the browser downloads them with the session cookie). */
export function leadExportUrl(format: 'csv' | 'xlsx', query: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  return `${ADMIN_API_PREFIX}/leads.${format}?${params.toString()}`;
}
