import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { MSG } from '@portal/api-client/messages';

export default function NotFound() {
  return (
    <Result
      status="404"
      title={MSG.pageNotFound}
      subTitle="您访问的后台页面不存在。"
      extra={
        <Link to="/">
          <Button type="primary">返回后台首页</Button>
        </Link>
      }
    />
  );
}
