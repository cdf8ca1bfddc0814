/**
 * The back office's roles (issue 13). Their own module, below admin.ts: the collections' and the
 * entity modules' declarations name them, and admin.ts derives the article's contract from an entity.
 */
export const EditorRole = { Admin: 'admin', Editor: 'editor', Reviewer: 'reviewer' } as const;
export type EditorRole = (typeof EditorRole)[keyof typeof EditorRole];
export const EDITOR_ROLES: readonly EditorRole[] = Object.values(EditorRole);
export const ROLE_LABEL: Record<EditorRole, string> = { admin: '管理员', editor: '编辑', reviewer: '审核员' };
