import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteFooter } from './SiteFooter';

afterEach(cleanup);

const footer = {
  info: {
    公司地址: '北京市海淀区中关村大街甲59号',
    版权所有: '© 2010-2026 中小企业IT网 版权所有',
    版权声明: '凡本网注明来源的作品，版权均属本网所有。',
    ICP备案: '京ICP备10023658号-1',
    公安备案: '京公网安备 11010802023658号',
    增值电信业务经营许可证: '京B2-20120356',
  },
  qrcodes: [{ name: '微信公众号', img: '/uploads/seed/img/qr/wechat.svg' }],
  friendly_links: [{ name: '国家数据局', url: 'https://www.nda.gov.cn/' }],
};

function renderFooter() {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <SiteFooter footer={footer} websites={[{ name: '兄弟站点', url: 'https://example.cn/' }]} />
      ),
    },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

describe('SiteFooter', () => {
  it('links the filing numbers to the authorities and labels the other lines', () => {
    renderFooter();
    expect(screen.getByRole('link', { name: '京ICP备10023658号-1' }).getAttribute('href')).toBe(
      'https://beian.miit.gov.cn/',
    );
    expect(screen.getByRole('link', { name: '京公网安备 11010802023658号' }).getAttribute('href')).toBe(
      'https://beian.mps.gov.cn/',
    );
    expect(screen.getByText('公司地址：北京市海淀区中关村大街甲59号')).toBeTruthy();
    expect(screen.getByText('增值电信业务经营许可证：京B2-20120356')).toBeTruthy();
    expect(screen.getByText('© 2010-2026 中小企业IT网 版权所有')).toBeTruthy();
  });

  it('shows the statement, about, recruit, QR codes, friendly links and related sites', () => {
    renderFooter();
    expect(screen.getByText('凡本网注明来源的作品，版权均属本网所有。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '关于我们' }).getAttribute('href')).toBe('/about');
    expect(screen.getByRole('link', { name: '招贤纳士' }).getAttribute('href')).toBe('/recruit');
    expect(screen.getByRole('link', { name: '联系我们' }).getAttribute('href')).toBe('/about#contact');
    expect(screen.getByRole('link', { name: '隐私声明' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('img', { name: '微信公众号' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '国家数据局' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('menuitem', { name: '兄弟站点' }).getAttribute('href')).toBe(
      'https://example.cn/',
    );
  });
});
