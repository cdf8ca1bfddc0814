import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Form, Formik, useField, useFormikContext } from 'formik';
import type { Api, ColumnArticle, Option } from '@portal/api-client';
import { TITLE_MAX } from '@portal/api-client/constants';
import { columnArticleSchema, type ColumnArticleValues } from '@portal/api-client/schemas';
import { Dialog } from '../../../features/content/components/Dialog';
import { showToast } from '../../../features/content/lib/toast';
import { toastFailure } from '../lib/api';
import { OptionSelect, Row, TextInput } from './fields';

const RichEditor = lazy(() => import('./RichEditor'));

type Values = Omit<ColumnArticleValues, 'channel' | 'category' | 'is_push'> & {
  channel: number | '';
  category: number | '';
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

function CategorySelect({ getApi }: { getApi: () => Promise<Api> }) {
  const { values } = useFormikContext<Values>();
  const channel = values.channel;
  // Categories are kept with the channel they belong to, so a changed channel never shows stale ones.
  const [loaded, setLoaded] = useState<{ channel: number; items: Option[] } | null>(null);
  useEffect(() => {
    if (channel === '') return;
    let live = true;
    void getApi()
      .then((api) => api.space_category({ channel_id: channel }))
      .then((res) => {
        if (live) setLoaded({ channel, items: res.code === 0 ? res.data : [] });
      });
    return () => {
      live = false;
    };
  }, [channel, getApi]);
  const categories = loaded && loaded.channel === channel ? loaded.items : [];
  return <OptionSelect name="category" label="分类" options={categories} required />;
}

function ChannelSelect({ channels }: { channels: Option[] }) {
  const { setFieldValue } = useFormikContext<Values>();
  const [field] = useField<number | ''>('channel');
  return (
    <Row label="频道" name="channel" required>
      <select
        id="f-channel"
        className="mform__input"
        value={field.value === '' ? '' : String(field.value)}
        onChange={(e) => {
          void setFieldValue('channel', e.target.value === '' ? '' : Number(e.target.value));
          void setFieldValue('category', '');
        }}
        onBlur={field.onBlur}
        name="channel"
      >
        <option value="">请选择频道</option>
        {channels.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </Row>
  );
}

function PushRadio() {
  const [field, , helpers] = useField<0 | 1 | ''>('is_push');
  return (
    <Row label="是否推送" name="is_push" required>
      <div className="mform__radios" role="radiogroup" aria-label="是否推送">
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
    </Row>
  );
}

function ContentField({ getApi }: { getApi: () => Promise<Api> }) {
  const [field, , helpers] = useField<string>('content');
  return (
    <Row label="内容" name="content" required>
      <Suspense fallback={<div className="rich-editor rich-editor--loading">编辑器加载中…</div>}>
        <RichEditor value={field.value} onChange={(html) => void helpers.setValue(html)} getApi={getApi} />
      </Suspense>
    </Row>
  );
}

/** The article dialog in create or edit mode (spec section 4); drafts stay unsubmitted (status 0). */
export function ArticleDialog({
  getApi,
  open,
  article,
  channels,
  onClose,
  onSaved,
}: {
  getApi: () => Promise<Api>;
  open: boolean;
  /** null: create mode. */
  article: ColumnArticle | null;
  channels: Option[];
  onClose: () => void;
  onSaved: () => void;
}) {
  // Which button submitted: read at submit time (state would be one render late).
  const draft = useRef(false);
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
    const api = await getApi();
    const res = article
      ? await api.space_update_article({ ...payload, id: article.id })
      : await api.space_add_article(payload);
    if (res.code !== 0) {
      toastFailure(res);
      return;
    }
    showToast(res.msg || '保存成功', 'success');
    onSaved();
  };

  return (
    <Dialog
      open={open}
      title={article ? '编辑文章' : '新增文章'}
      onClose={onClose}
      className="article-dialog"
    >
      {open ? (
        <Formik<Values>
          key={article?.id ?? 'new'}
          initialValues={initial}
          validationSchema={columnArticleSchema}
          onSubmit={submit}
        >
          {({ isSubmitting, submitForm }) => (
            <Form className="mform mform--wide" noValidate>
              <TextInput name="title" label="标题" required maxLength={TITLE_MAX} />
              <ChannelSelect channels={channels} />
              <CategorySelect getApi={getApi} />
              <PushRadio />
              <TextInput name="description" label="描述" />
              <TextInput name="keyword" label="关键词" placeholder="多个关键词用逗号分隔" />
              <ContentField getApi={getApi} />
              <div className="mform__actions">
                <button
                  type="button"
                  className="ui-button"
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
                  className="ui-button ui-button--primary"
                  disabled={isSubmitting}
                  onClick={() => {
                    draft.current = false;
                    void submitForm();
                  }}
                >
                  {isSubmitting ? '提交中…' : '提交审核'}
                </button>
                <button type="button" className="ui-button" onClick={onClose}>
                  取消
                </button>
              </div>
            </Form>
          )}
        </Formik>
      ) : null}
    </Dialog>
  );
}
