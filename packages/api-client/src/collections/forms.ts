import type { FormFieldType } from '../contract';
import {
  EDITORIAL,
  flagField,
  image,
  RESOURCE_LIMITS,
  type ResourceDecl,
  searchFilter,
  text,
  title,
} from './fields';
import { LANDING_PAGE_LABEL } from '../constants';
import { TEXT } from '../messages';

export const FORM_FIELD_TYPES: readonly { value: FormFieldType; label: string }[] = [
  { value: 'input', label: '单行文本' },
  { value: 'select', label: '下拉选择' },
  { value: 'radio', label: '单选' },
  { value: 'checkbox', label: '复选' },
  { value: 'multi', label: '多选（标签）' },
  { value: 'province', label: '省份' },
  { value: 'city', label: '城市' },
];

/** An activity's sign-up form, keyed by the activity: its fields in order, each with its options. */
export const forms = {
  kind: 'forms',
  label: LANDING_PAGE_LABEL.activity,
  idField: 'activity_id',
  fields: [
    {
      name: 'activity_id',
      label: TEXT.activityId,
      type: 'number',
      min: 1,
      max: 100_000_000,
      required: true,
      createOnly: true,
    },
    title(),
    image('banner', '横幅'),
    flagField('is_submit', '开放报名', true),
    flagField('is_privacy', '需同意隐私条款', true),
    text('privacy_title', '隐私条款标题', 100),
    { name: 'privacy_content', label: '隐私条款内容', type: 'richtext', max: 64 * 1024 },
    {
      name: 'form',
      label: '表单字段',
      type: 'list',
      max: 50,
      help: '拖动调整顺序',
      fields: [
        {
          name: 'field_name',
          label: '字段名',
          type: 'text',
          required: true,
          max: 40,
          help: '英文字母、数字或下划线；已有报名时请勿修改',
        },
        text('label', TEXT.displayName, 50, true),
        {
          name: 'type',
          label: '类型',
          type: 'select',
          options: FORM_FIELD_TYPES,
          required: true,
          default: 'input',
        },
        flagField('is_require', '必填'),
        flagField('is_show', '显示', true),
        {
          name: 'options',
          label: '选项',
          type: 'list',
          max: 100,
          fields: [
            {
              name: 'id',
              label: '选项编号',
              type: 'number',
              min: 0,
              max: RESOURCE_LIMITS.maxInt,
              hidden: true,
              help: '0 或空：新选项，保存时编号；已有选项保留编号，旧报名按编号显示选项',
            },
            text('title', '选项', 100, true),
            flagField('is_input', TEXT.allowsInput),
            flagField('is_mark', '标记'),
          ],
        },
      ],
    },
  ],
  columns: ['activity_id', 'title', 'is_submit', 'form'],
  filters: [searchFilter],
  searchFields: ['title'],
  ...EDITORIAL,
} as const satisfies ResourceDecl;
