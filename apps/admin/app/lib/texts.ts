/**
 * The back office's own interface texts that several of its files show (issue 24: a text is
 * written once). Messages shared with the API are ADMIN_MSG (@portal/api-client/admin); texts the
 * sites show too are MSG and TEXT (@portal/api-client/messages).
 */
export const ADMIN_TEXT = {
  untitled: '（未命名）',
  failed: '操作失败，请稍后再试',
  deleteFailed: '删除失败',
  uploadFailed: '上传失败',
  noPermission: '没有权限',
  /** After a conflict, the editor kept their own version and saved it on top. */
  savedOnTop: '已用你的版本覆盖，并保存为新版本',
  reloaded: '已载入最新版本',
  views30Days: '近 30 天阅读',
  sourceShare: '阅读来源占比',
} as const;

/** Pages of their own (not a declared kind): the menu's entry and the page's title. */
export const PAGE_TITLE = {
  articles: '文章管理',
  review: '专栏审核',
  leads: '销售线索',
} as const;
