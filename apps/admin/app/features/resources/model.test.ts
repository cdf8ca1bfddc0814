import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '@portal/api-client/admin-resources';
import {
  SCHEDULE,
  displayValue,
  formPath,
  formToRecord,
  previewUrl,
  recordToForm,
  scheduleState,
} from './model';

const banners = RESOURCES.banners;
const forms = RESOURCES.forms;

describe('resource form values', () => {
  it('holds a start/end pair as one range and sends it back as ISO times', () => {
    const values = recordToForm(banners.fields, {
      id: 3,
      title: '首页大图',
      start_at: '2026-11-20T02:00:00.000Z',
      end_at: '',
    });
    expect(values).not.toHaveProperty('start_at');
    const [start, end] = values[SCHEDULE] as [dayjs.Dayjs, null];
    expect(start.toISOString()).toBe('2026-11-20T02:00:00.000Z');
    expect(end).toBeNull();
    const body = formToRecord(banners.fields, values, 'update');
    expect(body).toMatchObject({
      id: 3,
      title: '首页大图',
      start_at: '2026-11-20T02:00:00.000Z',
      end_at: '',
    });
    expect(body).not.toHaveProperty(SCHEDULE);
  });

  it('keeps keys no form item shows (option ids of a form) and drops the key on update', () => {
    const record = {
      activity_id: 9,
      title: '报名',
      form: [
        {
          field_name: 'need',
          label: '需求',
          type: 'checkbox',
          is_require: true,
          is_show: true,
          options: [{ id: 4, title: '其他', is_input: true, is_mark: false }],
        },
      ],
    };
    const body = formToRecord(forms.fields, recordToForm(forms.fields, record), 'update');
    expect(body).not.toHaveProperty('activity_id');
    expect(body.form).toEqual(record.form);
    expect(formToRecord(forms.fields, recordToForm(forms.fields, record), 'create')).toHaveProperty(
      'activity_id',
      9,
    );
  });

  it('leaves an empty password out of an update and drops blank lines', () => {
    const editors = RESOURCES.editors;
    expect(formToRecord(editors.fields, { role: 'editor', password: '' }, 'update')).not.toHaveProperty(
      'password',
    );
    const jobs = RESOURCES.jobs;
    expect(formToRecord(jobs.fields, { duties: ['写稿', '', '  '] }, 'create').duties).toEqual(['写稿']);
  });

  it('maps the field an API error names to its form path', () => {
    expect(formPath(forms.fields, 'form[2].options[0].title')).toEqual(['form', 2, 'options', 0, 'title']);
    expect(formPath(banners.fields, 'end_at')).toEqual([SCHEDULE]);
    expect(formPath(banners.fields, 'title')).toEqual(['title']);
  });
});

describe('resource display', () => {
  it('tells where a scheduled record stands', () => {
    const now = dayjs('2026-11-26T08:00:00Z');
    expect(scheduleState({ start_at: '2026-11-27T00:00:00Z' }, now)).toBe('pending');
    expect(scheduleState({ end_at: '2026-11-25T00:00:00Z' }, now)).toBe('ended');
    expect(scheduleState({ start_at: '', end_at: '' }, now)).toBe('live');
  });

  it('labels values by their field and links previews', () => {
    const place = banners.fields.find((f) => f.name === 'place');
    expect(displayValue(place, 'mobile')).toBe('首页轮播（手机）');
    expect(displayValue({ name: 'x', label: 'x', type: 'richtext' }, '<p>你好<b>世界</b></p>')).toBe(
      '你好世界',
    );
    expect(previewUrl(RESOURCES.partners, { mark: 'demo1' })).toBe('/partner/demo1');
    expect(previewUrl(RESOURCES.partners)).toBeNull();
    expect(previewUrl(banners)).toBe('/');
    // Issue 23 item 13: the page the desktop app serves, not /video/detail.
    expect(previewUrl(RESOURCES.videos, { id: 3 })).toBe('/videoc?id=3');
    expect(previewUrl(RESOURCES['white-papers'], { id: 4 })).toBe('/white_pager/pdf?id=4');
  });
});
