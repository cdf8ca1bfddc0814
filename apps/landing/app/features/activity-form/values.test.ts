import { describe, expect, it } from 'vitest';
import type { FormField } from '@portal/api-client';
import { initialValues, needsOther, parsePrivacy, toSubmission, visibleFields } from './values';

const opt = (id: number, title: string, is_input: 0 | 1 = 0) => ({
  id,
  title,
  is_input,
  is_mark: 0 as const,
});
const FORM: FormField[] = [
  { field_name: 'name', label: '姓名', type: 'input', is_require: 1, is_show: 1, options: [] },
  {
    field_name: 'role',
    label: '职位',
    type: 'select',
    is_require: 1,
    is_show: 1,
    options: [opt(1, 'CIO'), opt(2, '其他', 1)],
  },
  {
    field_name: 'size',
    label: '规模',
    type: 'radio',
    is_require: 0,
    is_show: 1,
    options: [opt(1, '小'), opt(2, '大')],
  },
  {
    field_name: 'tags',
    label: '方向',
    type: 'checkbox',
    is_require: 1,
    is_show: 1,
    options: [opt(1, 'AI'), opt(9, '其他', 1)],
  },
  {
    field_name: 'forums',
    label: '论坛',
    type: 'multi',
    is_require: 0,
    is_show: 1,
    options: [opt(1, 'A'), opt(2, 'B')],
  },
  { field_name: 'province', label: '省份', type: 'province', is_require: 1, is_show: 1, options: [] },
  { field_name: 'city', label: '城市', type: 'city', is_require: 1, is_show: 1, options: [] },
  { field_name: 'secret', label: '隐藏', type: 'input', is_require: 1, is_show: 0, options: [] },
];

describe('dynamic form values', () => {
  it('starts every visible field empty: lists for checkbox/multi, text otherwise', () => {
    expect(visibleFields(FORM).map((f) => f.field_name)).not.toContain('secret');
    expect(initialValues(FORM)).toEqual({
      name: '',
      role: '',
      size: '',
      tags: [],
      forums: [],
      province: '',
      city: '',
    });
  });

  it('shows the free-text field only while an is_input option is chosen', () => {
    expect(needsOther(FORM[1], '1')).toBe(false);
    expect(needsOther(FORM[1], '2')).toBe(true);
    expect(needsOther(FORM[3], ['1'])).toBe(false);
    expect(needsOther(FORM[3], ['1', '9'])).toBe(true);
    expect(needsOther(FORM[3], true)).toBe(false);
  });

  it('builds content with option ids as numbers and keeps other text only for is_input choices', () => {
    const values = {
      name: ' 王五 ',
      role: '2',
      size: '',
      tags: ['1', '9'],
      forums: [],
      province: '广东省',
      city: '深圳市',
      privacy: true,
    };
    expect(toSubmission(FORM, values, { role: ' 顾问 ', tags: '边缘计算', size: 'ignored' })).toEqual({
      content: {
        name: '王五',
        role: 2,
        size: '',
        tags: [1, 9],
        forums: [],
        province: '广东省',
        city: '深圳市',
      },
      other: { role: '顾问', tags: '边缘计算' },
    });
    const noOther = toSubmission(FORM, { ...values, role: '1', tags: ['1'] }, { role: '顾问', tags: 'x' });
    expect(noOther.other).toEqual({});
  });

  it('reads the privacy JSON text, and shows plain text as it is', () => {
    expect(parsePrivacy(JSON.stringify({ title: '授权书', content: '仅用于通知' }))).toEqual({
      title: '授权书',
      content: '仅用于通知',
    });
    expect(parsePrivacy('请阅读以下条款')).toEqual({ title: '授权协议', content: '请阅读以下条款' });
    expect(parsePrivacy('')).toEqual({ title: '授权协议', content: '' });
  });
});
