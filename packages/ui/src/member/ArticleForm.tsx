import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, Formik, useField, useFormikContext } from 'formik';
import type { Api, ColumnArticle, Option } from '@portal/api-client';
import { ErrorCode } from '@portal/api-client/codes';
import { Flag, TITLE_MAX } from '@portal/api-client/constants';
import { columnArticleSchema, type ColumnArticleValues } from '@portal/api-client/schemas';
import { OptionSelect, Row, TextInput, useFormSkin } from './fields';
import type { RichEditorMode, UploadOutcome } from './RichEditor';
import { isOk } from '@portal/api-client/envelope';
import { TEXT, MSG } from '@portal/api-client/messages';
import { fieldNamed } from '@portal/api-client/entities/derive';
import { COLUMN_ARTICLE_FIELDS } from '@portal/api-client/entities/column-article';

// The editor is loaded when the form first renders it, never with the page.
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

const toValues = (article: ColumnArticle | null): Values =>
  article
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

/** Channel, then its categories: space_category reloads when the channel changes and clears the category. */
function ChannelAndCategory({ channels, getApi }: { channels: Option[]; getApi: () => Promise<Api> }) {
  const { values, setFieldValue } = useFormikContext<Values>();
  const channel = values.channel;
  // Categories are kept with the channel they belong to, so a changed channel never shows stale ones.
  const [loaded, setLoaded] = useState<{ channel: number; items: Option[] } | null>(null);
  useEffect(() => {
    if (channel === '') return;
    let live = true;
    void getApi()
      .then((api) => api.space_category({ channel_id: channel }))
      .then((res) => {
        if (live) setLoaded({ channel, items: isOk(res) ? res.data : [] });
      });
    return () => {
      live = false;
    };
  }, [channel, getApi]);
  const categories = loaded && loaded.channel === channel ? loaded.items : [];
  return (
    <>
      <OptionSelect
        name="channel"
        label="频道"
        options={channels}
        required
        onPicked={() => void setFieldValue('category', '')}
      />
      <OptionSelect name="category" label="分类" options={categories} required />
    </>
  );
}

/** The push choice's label comes with the field from the column article's declaration. */
const PUSH = fieldNamed(COLUMN_ARTICLE_FIELDS, 'is_push');

function PushChoice() {
  const skin = useFormSkin();
  const [field, , helpers] = useField<0 | 1 | ''>('is_push');
  return (
    <Row label={PUSH.label} name="is_push" required>
      <div className={skin.radios} role="radiogroup" aria-label={PUSH.label}>
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

export interface ArticleFormProps {
  getApi: () => Promise<Api>;
  /** null: create mode. */
  article: ColumnArticle | null;
  channels: Option[];
  /** A failed call's message (never 10001: the session redirect says it). */
  onError: (msg: string) => void;
  /** Saved: the server's message. */
  onSaved: (msg: string) => void;
  /** The form element's class. */
  className: string;
  /** The editor's toolbar ('simple' on phones) and block class. */
  editor: { mode: RichEditorMode; className: string };
  /** The buttons: `submit(true)` saves a draft, `submit(false)` sends to review. */
  actions: (form: { isSubmitting: boolean; submit: (draft: boolean) => void }) => ReactNode;
}

/**
 * The column article form of spec section 5 in create or edit mode (spec section 4): space_add_article
 * or space_update_article. Drafts stay unsubmitted (status 0). Where it is shown (a dialog, a phone
 * sheet) and its buttons belong to the app.
 */
export function ArticleForm({
  getApi,
  article,
  channels,
  onError,
  onSaved,
  className,
  editor,
  actions,
}: ArticleFormProps) {
  // Which button submitted: read at submit time (state would be one render late).
  const draft = useRef(false);
  // No error before the first submit: opening the form moves the focus (the dialog, then the editor)
  // and the editor reports its empty document, which must not flag the untouched title as missing.
  const [submitted, setSubmitted] = useState(false);

  const submit = async (values: Values) => {
    const valid = columnArticleSchema.cast(values, { stripUnknown: true });
    const payload = {
      title: valid.title,
      channel: valid.channel,
      category: valid.category,
      content: valid.content,
      description: valid.description,
      keyword: valid.keyword,
      is_push: valid.is_push === Flag.Yes ? Flag.Yes : Flag.No,
      draft: draft.current ? (1 as const) : (0 as const),
    };
    const api = await getApi();
    const res = article
      ? await api.space_update_article({ ...payload, id: article.id })
      : await api.space_add_article(payload);
    if (!isOk(res)) {
      if (res.code !== ErrorCode.SessionInvalid) onError(res.msg);
      return;
    }
    onSaved(res.msg || MSG.saved);
  };

  return (
    <Formik<Values>
      key={article?.id ?? 'new'}
      initialValues={toValues(article)}
      validationSchema={columnArticleSchema}
      validateOnChange={submitted}
      validateOnBlur={submitted}
      onSubmit={submit}
    >
      {({ isSubmitting, submitForm }) => (
        <Form className={className} noValidate>
          <TextInput name="title" label="标题" required maxLength={TITLE_MAX} />
          <ChannelAndCategory channels={channels} getApi={getApi} />
          <PushChoice />
          <TextInput name="description" label="描述" />
          <TextInput name="keyword" label="关键词" placeholder={TEXT.keywordsHint} />
          <ContentField getApi={getApi} onError={onError} editor={editor} />
          {actions({
            isSubmitting,
            submit: (asDraft) => {
              draft.current = asDraft;
              setSubmitted(true);
              void submitForm();
            },
          })}
        </Form>
      )}
    </Formik>
  );
}

/** A member's editor upload: space_thumb_upload (a 10001 is said by the session redirect, not here). */
async function memberUpload(getApi: () => Promise<Api>, file: File): Promise<UploadOutcome> {
  const body = new FormData();
  body.append('file', file);
  const res = await (await getApi()).space_thumb_upload(body);
  if (isOk(res)) return { url: res.data.url };
  return { error: res.code === ErrorCode.SessionInvalid ? null : res.msg };
}

function ContentField({ getApi, onError, editor }: Pick<ArticleFormProps, 'getApi' | 'onError' | 'editor'>) {
  const [field, , helpers] = useField<string>('content');
  return (
    <Row label="内容" name="content" required>
      <Suspense
        fallback={<div className={`${editor.className} ${editor.className}--loading`}>编辑器加载中…</div>}
      >
        <RichEditor
          value={field.value}
          onChange={(html) => void helpers.setValue(html)}
          upload={(file) => memberUpload(getApi, file)}
          onError={onError}
          mode={editor.mode}
          className={editor.className}
        />
      </Suspense>
    </Row>
  );
}
