import {
  ClockCircleOutlined,
  DeleteOutlined,
  HistoryOutlined,
  SaveOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Drawer,
  Form,
  Input,
  List,
  Popconfirm,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useLoaderData, useNavigate, useRevalidator } from 'react-router';
import {
  NEWSROOM_LIMITS,
  PublicationStatus,
  type AdminArticle,
  type ArticleInput,
  type EditConflict,
  type RevisionSummary,
  ADMIN_MSG,
  ARTICLE_LABEL,
  PUBLICATION_STATUS_LABEL,
  TIMED_UNPUBLISH_LABEL,
} from '@portal/api-client/admin';
import { CATEGORY_PAGES } from '@portal/api-client/constants';
import { htmlTextContent } from '@portal/api-client/html-text';
import { MSG } from '@portal/api-client/messages';
import { ArticlePreview } from '../../features/articles/preview';
import { StatusTag } from '../../features/articles/status';
import { TimedAction } from '../../features/articles/TimedAction';
import { ContentEditor } from '../../features/shared/ContentEditor';
import { EditConflictDialog, differencesOf } from '../../features/shared/EditConflictDialog';
import { PresenceTag, usePresence } from '../../features/shared/presence';
import { ARTICLE_ENTITY } from '@portal/api-client/presence';
import { SensitiveWarnings } from '../../features/shared/SensitiveHits';
import ArticleStatsCard from '../../features/stats/ArticleStatsCard';
import { AdminApiError, adminApi } from '../../lib/api';
import { ADMIN_TEXT } from '../../lib/texts';
import { TEXT } from '@portal/api-client/messages';

export async function clientLoader({ params }: { params: { id?: string } }): Promise<AdminArticle | null> {
  return params.id ? adminApi.article(Number(params.id)) : null;
}

const EMPTY: ArticleInput = {
  title: '',
  category: '',
  content: '',
  description: '',
  keywords: '',
  author: '',
  source: '',
  thumb: '',
  is_hot: false,
  is_recommend: false,
  is_policy: false,
  is_pic: false,
};

/** The form's fields of a stored article (the same keys as EMPTY). */
function inputOf(article: AdminArticle | null): ArticleInput {
  if (!article) return EMPTY;
  return Object.fromEntries(
    Object.keys(EMPTY).map((key) => [key, article[key as keyof ArticleInput]]),
  ) as ArticleInput;
}

const FLAGS: { name: keyof ArticleInput; label: string }[] = [
  { name: 'is_hot', label: TEXT.hotNews },
  { name: 'is_recommend', label: '推荐' },
  { name: 'is_policy', label: '政策' },
  { name: 'is_pic', label: ARTICLE_LABEL.is_pic },
];

/** What the conflict dialog compares: the fields as an editor reads them (the body as its text). */
const COMPARED: { label: string; text: (a: ArticleInput) => string }[] = [
  { label: '标题', text: (a) => a.title },
  { label: '分类', text: (a) => CATEGORY_PAGES.find((c) => c.alias === a.category)?.name ?? a.category },
  { label: '摘要', text: (a) => a.description },
  { label: '关键词', text: (a) => a.keywords },
  { label: '作者', text: (a) => a.author },
  { label: '来源', text: (a) => a.source },
  { label: '缩略图', text: (a) => a.thumb },
  {
    label: '标记',
    text: (a) =>
      FLAGS.filter((f) => a[f.name])
        .map((f) => f.label)
        .join('、'),
  },
  { label: '正文', text: (a) => htmlTextContent(a.content) },
];

export default function ArticleEditor() {
  const article = useLoaderData<typeof clientLoader>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [form] = Form.useForm<ArticleInput>();
  const values = Form.useWatch([], form) as Partial<ArticleInput> | undefined;
  const [busy, setBusy] = useState(false);
  const [at, setAt] = useState<Dayjs | null>(null);
  const [offlineAt, setOfflineAt] = useState<Dayjs | null>(null);
  const editing = usePresence(ARTICLE_ENTITY, article ? String(article.id) : null);
  const [history, setHistory] = useState<RevisionSummary[] | null>(null);
  /** A save refused because someone saved first, with the newest version beside this copy. */
  const [clash, setClash] = useState<{
    conflict: EditConflict;
    mine: ArticleInput;
    theirs: AdminArticle;
  } | null>(null);

  /** Runs an action, showing the server's message when it is refused (and its field on the form). */
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      if (err instanceof AdminApiError && err.conflict && article) {
        const mine = { ...EMPTY, ...form.getFieldsValue() };
        setClash({ conflict: err.conflict, mine, theirs: await adminApi.article(article.id) });
      } else if (err instanceof AdminApiError) {
        if (err.field) form.setFields([{ name: err.field as keyof ArticleInput, errors: [err.message] }]);
        message.error(err.message);
      } else if (!(err instanceof Error && 'errorFields' in err)) {
        message.error(ADMIN_TEXT.failed);
      }
    } finally {
      setBusy(false);
    }
  };

  /** Saves the form from the version it was loaded at; the article's id (a new draft the first time). */
  const save = async (): Promise<number> => {
    const input = { ...EMPTY, ...(await form.validateFields()) };
    if (article) {
      await adminApi.updateArticle(article.id, input, article.version);
      return article.id;
    }
    const { id } = await adminApi.createArticle(input);
    return id;
  };
  const reload = (id: number) =>
    article?.id === id ? revalidator.revalidate() : navigate(`/articles/${id}`, { replace: true });

  const onSave = () =>
    run(async () => {
      const id = await save();
      message.success('已保存');
      await reload(id);
    });
  const onPublish = (when?: Dayjs) =>
    run(async () => {
      const id = await save();
      const result = await adminApi.publish(id, when?.toISOString());
      message.success(
        result.status === PublicationStatus.Scheduled
          ? `已设置定时发布：${when?.format('YYYY-MM-DD HH:mm')}`
          : '已发布',
      );
      setAt(null);
      await reload(id);
    });
  const onUnpublish = () =>
    run(async () => {
      await adminApi.unpublish(article!.id);
      message.success(article!.status === PublicationStatus.Scheduled ? '已取消定时发布' : '已下线');
      await reload(article!.id);
    });
  /** Sets (a time) or clears (null) when the article goes offline by itself. */
  const onUnpublishAt = (when: Dayjs | null) =>
    run(async () => {
      await adminApi.unpublishAt(article!.id, when ? when.toISOString() : '');
      message.success(when ? `将于 ${when.format('YYYY-MM-DD HH:mm')} 下线` : '已取消定时下线');
      setOfflineAt(null);
      await reload(article!.id);
    });
  const onDelete = () =>
    run(async () => {
      await adminApi.deleteArticle(article!.id);
      message.success('已删除');
      navigate('/articles', { replace: true });
    });
  const openHistory = () => run(async () => setHistory(await adminApi.revisions(article!.id)));
  const restore = (rev: number) =>
    run(async () => {
      const restored = await adminApi.restore(article!.id, rev);
      form.setFieldsValue(inputOf(restored));
      setHistory(null);
      message.success('已恢复该版本');
      await reload(article!.id);
    });

  const takeNewest = () => {
    if (!clash) return;
    form.setFieldsValue(inputOf(clash.theirs));
    setClash(null);
    message.info(ADMIN_TEXT.reloaded);
    void revalidator.revalidate();
  };
  const saveOnTop = () =>
    run(async () => {
      if (!clash || !article) return;
      await adminApi.updateArticle(article.id, clash.mine, clash.conflict.version);
      setClash(null);
      message.success(ADMIN_TEXT.savedOnTop);
      await reload(article.id);
    });

  const published = article?.status === PublicationStatus.Published;
  return (
    <Form form={form} layout="vertical" initialValues={inputOf(article)} disabled={busy}>
      <Card
        className="page-card"
        title={
          <Space>
            {article ? TEXT.editArticle : '写文章'}
            {article && <StatusTag status={article.status} />}
            {article?.status === PublicationStatus.Scheduled && (
              <Typography.Text type="warning">
                定时 {dayjs(article.publishAt).format('YYYY-MM-DD HH:mm')}
              </Typography.Text>
            )}
            {article?.unpublishAt && (
              <Typography.Text type="warning">
                {dayjs(article.unpublishAt).format('YYYY-MM-DD HH:mm')} 下线
              </Typography.Text>
            )}
            <PresenceTag names={editing} />
          </Space>
        }
        extra={
          <Space wrap>
            {article && (
              <Button icon={<HistoryOutlined />} onClick={openHistory}>
                历史版本（{article.revisions}）
              </Button>
            )}
            <Button icon={<SaveOutlined />} onClick={onSave}>
              {article ? '保存' : '保存草稿'}
            </Button>
            {!published && (
              <TimedAction
                label={PUBLICATION_STATUS_LABEL[PublicationStatus.Scheduled]}
                placeholder="定时发布时间"
                value={at}
                onChange={setAt}
                onAct={onPublish}
                busy={busy}
              />
            )}
            {!published && (
              <Button type="primary" icon={<SendOutlined />} onClick={() => onPublish()}>
                立即发布
              </Button>
            )}
            {(published || article?.status === PublicationStatus.Scheduled) &&
              (article.unpublishAt ? (
                <Button icon={<ClockCircleOutlined />} onClick={() => onUnpublishAt(null)}>
                  取消定时下线
                </Button>
              ) : (
                <TimedAction
                  label={TIMED_UNPUBLISH_LABEL}
                  placeholder="下线时间"
                  value={offlineAt}
                  onChange={setOfflineAt}
                  onAct={onUnpublishAt}
                  busy={busy}
                />
              ))}
            {(published || article?.status === PublicationStatus.Scheduled) && (
              <Popconfirm
                title={published ? '下线后读者将无法访问此文，确定？' : '取消定时发布？'}
                onConfirm={onUnpublish}
              >
                <Button danger icon={<StopOutlined />}>
                  {published ? '下线' : '取消定时'}
                </Button>
              </Popconfirm>
            )}
            {article && (
              <Popconfirm title="删除后不可恢复，确定删除？" onConfirm={onDelete}>
                <Button danger type="text" icon={<DeleteOutlined />} aria-label="删除" />
              </Popconfirm>
            )}
            {published && (
              <a href={article.url} target="_blank" rel="noreferrer">
                查看前台页面
              </a>
            )}
          </Space>
        }
      >
        <Row gutter={16}>
          <Col span={16}>
            <Form.Item
              label="标题"
              name="title"
              rules={[
                { required: true, whitespace: true, message: ADMIN_MSG.titleRequired },
                { max: NEWSROOM_LIMITS.title, message: ADMIN_MSG.titleTooLong },
              ]}
            >
              <Input showCount maxLength={NEWSROOM_LIMITS.title} placeholder={TEXT.articleTitle} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              label="分类"
              name="category"
              rules={[{ required: true, message: MSG.categoryRequired }]}
            >
              <Select
                placeholder="选择分类"
                options={CATEGORY_PAGES.map((c) => ({ value: c.alias, label: c.name }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="作者" name="author">
              <Input maxLength={NEWSROOM_LIMITS.author} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="来源" name="source">
              <Input maxLength={NEWSROOM_LIMITS.source} placeholder="如：本站原创" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="关键词" name="keywords" tooltip={TEXT.keywordsHint}>
              <Input maxLength={NEWSROOM_LIMITS.keywords} placeholder="AI,云计算" />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item label="摘要" name="description">
              <Input.TextArea rows={2} showCount maxLength={NEWSROOM_LIMITS.description} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label={ARTICLE_LABEL.thumb} name="thumb">
              <Input maxLength={NEWSROOM_LIMITS.thumb} placeholder="/uploads/…" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Space size="large" wrap style={{ marginBottom: 16 }}>
              {FLAGS.map((f) => (
                <Form.Item key={f.name} name={f.name} valuePropName="checked" noStyle>
                  <Checkbox>{f.label}</Checkbox>
                </Form.Item>
              ))}
            </Space>
          </Col>
        </Row>
        <Form.Item
          label="正文"
          name="content"
          rules={[
            {
              validator: (_, v: string) =>
                v && v !== '<p><br></p>'
                  ? Promise.resolve()
                  : Promise.reject(new Error(ADMIN_MSG.contentRequired)),
            },
          ]}
        >
          <ContentEditor onError={(msg) => message.error(msg)} />
        </Form.Item>
      </Card>
      <SensitiveWarnings title={values?.title} description={values?.description} content={values?.content} />
      {article && <ArticleStatsCard id={article.id} />}
      <Card title="预览（桌面端与手机端）">
        <ArticlePreview article={values ?? inputOf(article)} />
      </Card>
      <EditConflictDialog
        conflict={clash?.conflict ?? null}
        differences={clash ? differencesOf(COMPARED, clash.mine, inputOf(clash.theirs)) : []}
        busy={busy}
        onReload={takeNewest}
        onOverwrite={saveOnTop}
        onClose={() => setClash(null)}
      />
      <Drawer title="历史版本" open={history !== null} onClose={() => setHistory(null)} size={420}>
        <List
          dataSource={history ?? []}
          renderItem={(r, i) => (
            <List.Item
              actions={
                i === 0
                  ? [
                      <Typography.Text key="c" type="secondary">
                        当前版本
                      </Typography.Text>,
                    ]
                  : [
                      <Popconfirm key="r" title="用这个版本覆盖当前内容？" onConfirm={() => restore(r.id)}>
                        <Button type="link" size="small">
                          恢复
                        </Button>
                      </Popconfirm>,
                    ]
              }
            >
              <List.Item.Meta
                title={r.title}
                description={`${dayjs(r.createdAt).format('YYYY-MM-DD HH:mm:ss')} · ${r.editor}`}
              />
            </List.Item>
          )}
        />
      </Drawer>
    </Form>
  );
}
