import { App, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { can } from '@portal/api-client/admin';
import { canResource, type ResourceRecord } from '@portal/api-client/admin-resources';
import { AdminApiError, adminApi } from '../../lib/api';
import { useEditor } from '../../lib/session';
import { ADMIN_TEXT } from '../../lib/texts';

/**
 * A complaint's own actions (issue 26): open the page complained about, and, for the roles that may,
 * take its article offline (the newsroom's unpublish) or disable its member author (the members
 * resource's `disabled`), each through the endpoint that already does it, audited there.
 */
export function ComplaintActions({ record }: { record: ResourceRecord }) {
  const user = useEditor();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const articleId = Number(record.article_id ?? 0);
  const memberId = Number(record.member_id ?? 0);
  const url = String(record.url ?? '');

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      message.success(done);
    } catch (err) {
      message.error(err instanceof AdminApiError ? err.message : ADMIN_TEXT.failed);
    } finally {
      setBusy(false);
    }
  };

  const disableMember = async () => {
    // The member's current record and version: only `disabled` changes.
    const member = await adminApi.resources.get('members', String(memberId));
    await adminApi.resources.update(
      'members',
      String(memberId),
      { disabled: true, column_status: member.column_status },
      Number(member.version ?? 1),
    );
  };

  return (
    <>
      {/^https?:\/\//.test(url) && (
        <a href={url} target="_blank" rel="noreferrer noopener">
          打开被举报页面
        </a>
      )}
      {articleId > 0 && can(user.role, 'articles') && (
        <>
          <Link to={`/articles/${articleId}`}>编辑文章</Link>
          <Popconfirm
            title="下线后读者将无法访问这篇文章，确定下线？"
            onConfirm={() => run(() => adminApi.unpublish(articleId), '文章已下线')}
          >
            <Button danger loading={busy} disabled={false}>
              下线文章
            </Button>
          </Popconfirm>
        </>
      )}
      {memberId > 0 && canResource(user.role, 'members', 'write') && (
        <>
          <Link to={`/members/${memberId}`}>查看作者</Link>
          <Popconfirm
            title="停用后该会员立即退出登录且不能再登录，确定停用？"
            onConfirm={() => run(disableMember, '已停用该会员')}
          >
            <Button danger loading={busy} disabled={false}>
              停用会员
            </Button>
          </Popconfirm>
        </>
      )}
    </>
  );
}
