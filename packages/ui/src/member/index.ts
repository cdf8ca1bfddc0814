// Member forms (formik; the editor loads on demand): a separate entry so read-only pages never pull them in.
export * from './fields';
export * from './profile';
export * from './ArticleForm';
export type { RichEditorMode, RichEditorProps } from './RichEditor';
export * from './deleteArticle';
export * from './hooks';
export * from './newsletter';
