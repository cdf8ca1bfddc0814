import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Form, Formik, useField, useFormikContext } from 'formik';
import type { ColumnArticle, Option } from '@portal/api-client';
import { TITLE_MAX } from '@portal/api-client/constants';
import { columnArticleSchema } from '@portal/api-client/schemas';
import { failureMessage, memberApi } from './api';
import { MRow, MSelect, MText } from './fields';

const RichEditor = lazy(() => import('./RichEditor'));

type Values = {
  title: string;
  channel: number | '';
  category: number | '';
  content: string;
  description: string;
  keyword: string;
  is_push: 0 | 1 | '';
};

const EMPTY: Values = {
  title: '',
  channel: '',
  category: '',
  content: '',
  description: '',
  keyword: '',
  is_push: '',
};

/** Channel, then its categories (space_category reloads when the channel changes and clears the category). */
function ChannelAndCategory() {
  const { values, setFieldValue } = useFormikContext<Values>();
  const [channels, setChannels] = useState<Option[]>([]);
  const channel = values.channel;
  // Categories are kept with their channel, so a changed channel never shows stale ones.
  const [loaded, setLoaded] = useState<{ channel: number; items: Option[] } | null>(null);
  const categories = loaded && loaded.channel === channel ? loaded.items : [];
  useEffect(() => {
    void memberApi()
      .then((api) => api.space_channel({}))
      .then((res) => setChannels(res.code === 0 ? res.data : []));
  }, []);
  useEffect(() => {
    if (channel === '') return;
    let live = true;
    void memberApi()
      .then((api) => api.space_category({ channel_id: channel }))
      .then((res) => {
        if (live) setLoaded({ channel, items: res.code === 0 ? res.data : [] });
      });
    return () => {
      live = false;
    };
  }, [channel]);
  return (
    <>
      <MSelect
        name="channel"
        label="频道"
        options={channels}
        required
        onPicked={() => void setFieldValue('category', '')}
      />
      <MSelect name="category" label="分类" options={categories} required />
    </>
  );
}

function PushChoice() {
  const [field, , helpers] = useField<0 | 1 | ''>('is_push');
  return (
    <MRow name="is_push" label="是否推送" required>
      <div className="mm-radios" role="radiogroup" aria-label="是否推送">
        {(
          [
            [1, '是'],
            [0, '否'],
          ] as const
        ).map(([v, label]) => (
          <label key={v}>
            <input
              type="radio"
              name="is_push"
              checked={field.value === v}
              onChange={() => void helpers.setValue(v)}
            />{' '}
            {label}
          </label>
        ))}
      </div>
    </MRow>
  );
}

function ContentField({ say }: { say: (msg: string) => void }) {
  const [field, , helpers] = useField<string>('content');
  return (
    <MRow name="content" label="内容" required>
      <Suspense fallback={<div className="mm-editor mm-editor--loading">编辑器加载中...</div>}>
        <RichEditor value={field.value} onChange={(html) => void helpers.setValue(html)} say={say} />
      </Suspense>
    </MRow>
  );
}

/**
 * Writing on the phone: a full-screen sheet with the article form of spec section 5, in create
 * mode (article null) or edit mode. Drafts stay unsubmitted (status 0); 提交审核 sends to review.
 */
export default function ArticleSheet({
  article,
  say,
  onClose,
  onSaved,
}: {
  article: ColumnArticle | null;
  say: (msg: string) => void;
  onClose: () => void;
  onSaved: () => void;
}) {
  const draft = useRef(false);
  useEffect(() => {
    // The page behind must not scroll while the sheet is open.
    document.documentElement.classList.add('m-no-scroll');
    return () => document.documentElement.classList.remove('m-no-scroll');
  }, []);

  const initial: Values = article
    ? {
        title: article.title,
        channel: article.channel,
        category: article.category,
        content: article.content,
        description: article.description,
        keyword: article.keyword,
        is_push: article.is_push,
      }
    : EMPTY;

  const submit = async (values: Values) => {
    const valid = columnArticleSchema.cast(values, { stripUnknown: true });
    const payload = {
      title: valid.title,
      channel: valid.channel,
      category: valid.category,
      content: valid.content,
      description: valid.description,
      keyword: valid.keyword,
      is_push: valid.is_push === 1 ? (1 as const) : (0 as const),
      draft: draft.current ? (1 as const) : (0 as const),
    };
    const api = await memberApi();
    const res = article
      ? await api.space_update_article({ ...payload, id: article.id })
      : await api.space_add_article(payload);
    if (res.code !== 0) {
      const msg = failureMessage(res);
      if (msg) say(msg);
      return;
    }
    say(res.msg || '保存成功');
    onSaved();
  };

  return (
    <div className="mm-sheet" role="dialog" aria-modal="true" aria-label={article ? '编辑文章' : '写文章'}>
      <header className="mm-sheet__bar">
        <button type="button" className="mm-link" onClick={onClose}>
          取消
        </button>
        <h2>{article ? '编辑文章' : '写文章'}</h2>
        <span />
      </header>
      <Formik<Values> initialValues={initial} validationSchema={columnArticleSchema} onSubmit={submit}>
        {({ isSubmitting, submitForm }) => (
          <Form className="mm-form mm-sheet__body" noValidate>
            <MText name="title" label="标题" required maxLength={TITLE_MAX} />
            <ChannelAndCategory />
            <PushChoice />
            <MText name="description" label="描述" />
            <MText name="keyword" label="关键词" placeholder="多个关键词用逗号分隔" />
            <ContentField say={say} />
            <div className="mm-sheet__actions">
              <button
                type="button"
                className="mm-btn"
                disabled={isSubmitting}
                onClick={() => {
                  draft.current = true;
                  void submitForm();
                }}
              >
                保存草稿
              </button>
              <button
                type="button"
                className="mm-btn mm-btn--primary"
                disabled={isSubmitting}
                onClick={() => {
                  draft.current = false;
                  void submitForm();
                }}
              >
                {isSubmitting ? '提交中...' : '提交审核'}
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </div>
  );
}
