import { flagField, image, RESOURCE_LIMITS, text, title } from '../collections/fields';
import { TEXT } from '../messages';
import { EDITED, EDITED_UNSHOWN, SHOWN } from './common';
import type { EntityField, EntityRecord, EntryField, EntryOf } from './field';

/**
 * An activity's sign-up form (spec section 3: the landing page /activity/register), keyed by the
 * activity and declared once: the editors build its questions in the back office, visitors read
 * it through getForm and answer it through form_register. The contract's DynamicForm, FormField
 * and FormOption, the forms repository's columns and row mapping and the back office's form
 * fields come from this list. Fields are in the order of getForm's answer; the back office's form
 * has its own order (collections/forms.ts).
 */

/** The kinds of question a form may ask. */
export const FORM_FIELD_TYPES = [
  { value: 'input', label: '单行文本' },
  { value: 'select', label: '下拉选择' },
  { value: 'radio', label: '单选' },
  { value: 'checkbox', label: '复选' },
  { value: 'multi', label: '多选（标签）' },
  { value: 'province', label: '省份' },
  { value: 'city', label: '城市' },
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number]['value'];

/** A choice of a question; its id is kept across edits (old answers name options by id). */
const FORM_OPTION_FIELDS = [
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
  { ...flagField('is_input', TEXT.allowsInput), bit: true },
  { ...flagField('is_mark', '标记'), bit: true },
] as const satisfies readonly EntryField[];

/** A question of the form: its stable key, label, kind, flags and choices. */
const FORM_QUESTION_FIELDS = [
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
    closed: true,
    required: true,
    default: 'input',
  },
  { ...flagField('is_require', '必填'), bit: true },
  { ...flagField('is_show', '显示', true), bit: true },
  { name: 'options', label: '选项', type: 'list', max: 100, fields: FORM_OPTION_FIELDS },
] as const satisfies readonly EntryField[];

export const ACTIVITY_FORM_FIELDS = [
  {
    name: 'activity_id',
    label: TEXT.activityId,
    type: 'number',
    min: 1,
    max: 100_000_000,
    required: true,
    read: ['office'],
    create: ['office'],
  },
  {
    name: 'form',
    label: '表单字段',
    type: 'list',
    max: 50,
    help: '拖动调整顺序',
    fields: FORM_QUESTION_FIELDS,
    ...EDITED,
  },
  { ...image('banner', '横幅'), default: '', ...EDITED },
  { ...flagField('is_submit', '开放报名', true), ...EDITED },
  { ...flagField('is_privacy', '需同意隐私条款', true), ...EDITED },
  /** JSON text {title, content}: the two privacy fields below, packed. */
  { name: 'privacy', label: TEXT.privacyTerms, type: 'json', default: '', ...SHOWN },
  { ...title(), ...EDITED },
  {
    ...text('privacy_title', '隐私条款标题', 100),
    packed: { in: 'privacy', key: 'title' },
    ...EDITED_UNSHOWN,
  },
  {
    name: 'privacy_content',
    label: '隐私条款内容',
    type: 'richtext',
    max: 64 * 1024,
    packed: { in: 'privacy', key: 'content' },
    ...EDITED_UNSHOWN,
  },
] as const satisfies readonly EntityField[];

/** A sign-up form as getForm answers it. */
export type DynamicForm = EntityRecord<typeof ACTIVITY_FORM_FIELDS, 'public'>;
/** A question of a form as visitors read it (its flags 0/1). */
export type FormField = EntryOf<typeof FORM_QUESTION_FIELDS>;
/** A choice of a question as visitors read it. */
export type FormOption = EntryOf<typeof FORM_OPTION_FIELDS>;
