import {
  array,
  boolean,
  number,
  object,
  string,
  type AnyObject,
  type AnySchema,
  type ObjectSchema,
} from 'yup';
import { versionSchema } from '../admin';
import { jsonObject, shapeProblem } from '../entities/schema';
import { tooLongMsg, tooManyMsg, tooShortMsg } from '../messages';
import { RESOURCE_LIMITS, type FieldDecl, type ResourceDecl } from './fields';

/**
 * The yup schemas derived from a collection's declaration: the API validates bodies with them and
 * the back office's forms take their rules and initial values from them. The registry
 * (`./index`) names them by kind (`resourceSchema`, `resourceDefaults`).
 */

/** `POST /admin/api/<kind>/order`: the ids of an ordered kind in their new order. */
export const orderSchema = object({
  ids: array()
    .of(
      number()
        .typeError('编号不正确')
        .integer('编号不正确')
        .min(1, '编号不正确')
        .max(RESOURCE_LIMITS.maxInt, '编号不正确')
        .required('编号不正确'),
    )
    .typeError('排序必须是编号列表')
    .required('请提供排序')
    .min(1, '请提供排序')
    .max(1000, '一次最多排序 1000 条'),
});

/**
 * `POST /admin/api/<kind>/move` (with the list's filters as its query): one record of an ordered
 * kind to a place of the whole filtered list (1 = first), whatever page shows it.
 */
export const moveSchema = object({
  id: number()
    .typeError('编号不正确')
    .integer('编号不正确')
    .min(1, '编号不正确')
    .max(RESOURCE_LIMITS.maxInt, '编号不正确')
    .required('编号不正确'),
  position: number()
    .typeError('位置必须是数字')
    .integer('位置必须是整数')
    .min(1, '位置不能小于1')
    .max(RESOURCE_LIMITS.maxInt, '位置超出范围')
    .required('请填写要移动到的位置'),
});

const required = (f: FieldDecl) =>
  f.type === 'select' || f.type === 'image' || f.type === 'file' ? `请选择${f.label}` : `请填写${f.label}`;
/** Site paths and http(s) addresses; no javascript: or data: URLs. */
export const SAFE_URL = /^(?:\/(?!\/)|https?:\/\/)[^\s<>"']*$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function fieldSchema(f: FieldDecl, forUpdate: boolean): AnySchema {
  const s = baseFieldSchema(f, forUpdate).nonNullable(`${f.label}不能为空`);
  // A required field with a default (a select's usual choice) starts with it in a new form.
  return f.required && f.default !== undefined ? s.default(f.default) : s;
}

function baseFieldSchema(f: FieldDecl, forUpdate: boolean): AnySchema {
  const max = f.max;
  const need = f.required === true && !(forUpdate && f.type === 'password');
  switch (f.type) {
    case 'number': {
      let s = number().typeError(`${f.label}必须是数字`).integer(`${f.label}必须是整数`);
      s = s.min(f.min ?? 0, `${f.label}不能小于${f.min ?? 0}`);
      s = s.max(max ?? RESOURCE_LIMITS.maxInt, `${f.label}不能大于${max ?? RESOURCE_LIMITS.maxInt}`);
      return need ? s.required(required(f)) : s.default((f.default as number | undefined) ?? 0);
    }
    case 'boolean': {
      const s = boolean().typeError(`${f.label}必须是 true 或 false`);
      return s.default(Boolean(f.default));
    }
    case 'select': {
      const values = (f.options ?? []).map((o) => o.value);
      const numeric = values.every((v) => typeof v === 'number');
      if (numeric) {
        const s = number()
          .typeError(`${f.label}不正确`)
          .oneOf(values as number[], `${f.label}不正确`);
        return need
          ? s.required(required(f))
          : s.default((f.default as number | undefined) ?? (values[0] as number));
      }
      const s = string()
        .typeError(`${f.label}不正确`)
        .oneOf(values as string[], `${f.label}不正确`);
      return need
        ? s.required(required(f))
        : s.default((f.default as string | undefined) ?? (values[0] as string));
    }
    case 'datetime': {
      const s = string()
        .typeError(`${f.label}格式不正确`)
        .trim()
        .max(40, `${f.label}格式不正确`)
        .test(
          'datetime',
          `${f.label}格式不正确`,
          (v) => !v || (DATETIME.test(v) && !Number.isNaN(Date.parse(v))),
        );
      return need ? s.required(required(f)) : s.default('');
    }
    case 'articles': {
      const s = array()
        .typeError(`${f.label}不正确`)
        .of(
          number()
            .typeError('文章编号不正确')
            .integer('文章编号不正确')
            .min(1, '文章编号不正确')
            .max(RESOURCE_LIMITS.maxInt, '文章编号不正确')
            .required('文章编号不正确'),
        )
        .max(max ?? RESOURCE_LIMITS.articles, `${f.label}最多 ${max ?? RESOURCE_LIMITS.articles} 篇`);
      return need ? s.required(required(f)).min(1, required(f)) : s.default([]);
    }
    case 'lines': {
      const s = array()
        .typeError(`${f.label}不正确`)
        .of(
          string()
            .typeError(`${f.label}不正确`)
            .trim()
            .max(RESOURCE_LIMITS.text, tooLongMsg(f.label, RESOURCE_LIMITS.text))
            .required(`${f.label}不能有空行`),
        )
        .max(max ?? RESOURCE_LIMITS.lines, `${f.label}最多 ${max ?? RESOURCE_LIMITS.lines} 条`);
      return need ? s.required(required(f)).min(1, required(f)) : s.default([]);
    }
    case 'list': {
      const s = array()
        .typeError(`${f.label}不正确`)
        .of(fieldsSchema(f.fields ?? [], false))
        .max(max ?? RESOURCE_LIMITS.listEntries, tooManyMsg(f.label, max ?? RESOURCE_LIMITS.listEntries));
      return need ? s.required(required(f)).min(1, required(f)) : s.default([]);
    }
    case 'json': {
      const s = string()
        .typeError(`${f.label}必须是 JSON 文本`)
        .max(max ?? RESOURCE_LIMITS.json, `${f.label}过长`)
        .test('json', `${f.label}必须是 JSON 对象`, function (v) {
          if (!v) return true;
          const value = jsonObject(v);
          // A declared shape (entities/field.ts): the object's fields are checked by their rules.
          const problem = value && f.fields ? shapeProblem(f.label, f.fields, value) : null;
          return value !== null && (problem === null || this.createError({ message: problem }));
        });
      return need ? s.required(required(f)) : s.default('{}');
    }
    case 'image':
    case 'file': {
      const s = string()
        .typeError(`${f.label}不正确`)
        .trim()
        .max(max ?? RESOURCE_LIMITS.url, tooLongMsg(f.label, max ?? RESOURCE_LIMITS.url))
        .test('url', `${f.label}地址不正确`, (v) => !v || SAFE_URL.test(v));
      return need ? s.required(required(f)) : s.default('');
    }
    case 'password': {
      // The declared length (an editor's: entities/editor.ts); left empty, an update keeps it.
      const min = f.min ?? 0;
      const s = string()
        .typeError(`${f.label}不正确`)
        .max(max ?? 200, tooLongMsg(f.label, max ?? 200))
        .test('min', tooShortMsg(f.label, min), (v) => !v || v.length >= min);
      return need ? s.required(required(f)) : s.default('');
    }
    default: {
      const limit = max ?? (f.type === 'richtext' ? RESOURCE_LIMITS.richtext : RESOURCE_LIMITS.text);
      let s = string().typeError(`${f.label}不正确`).max(limit, tooLongMsg(f.label, limit));
      if (f.type !== 'richtext') s = s.trim();
      if (f.name === 'url' || f.name.endsWith('_url')) {
        s = s.test('url', `${f.label}地址不正确`, (v) => !v || SAFE_URL.test(v));
      }
      return need ? s.required(required(f)) : s.default((f.default as string | undefined) ?? '');
    }
  }
}

function fieldsSchema(fields: readonly FieldDecl[], forUpdate: boolean): ObjectSchema<AnyObject> {
  const shape: Record<string, AnySchema> = {};
  for (const f of fields) {
    if (f.readOnly) continue;
    if (forUpdate && f.createOnly) continue;
    shape[f.name] = fieldSchema(f, forUpdate);
  }
  return object(shape).typeError('格式不正确').nonNullable('格式不正确');
}

/**
 * The body schema of `POST` (create) or `PUT` (update, every writable field again; createOnly
 * fields are the record's key and cannot change) for `decl`. Unknown keys are stripped by the API.
 */
export function declSchema(decl: ResourceDecl, mode: 'create' | 'update'): ObjectSchema<AnyObject> {
  const fields = fieldsSchema(decl.fields, mode === 'update');
  // An update may name the version it started from (a stale one answers 409).
  const schema = mode === 'update' ? fields.shape({ version: versionSchema }) : fields;
  const { check } = decl;
  if (!check) return schema;
  return schema.test('record', function (record) {
    const problem = record ? check(record) : null;
    return problem ? this.createError({ path: problem.field, message: problem.message }) : true;
  });
}

/** A record as the API returns it: the declared fields (passwords never), its id and its `version`. */
export type ResourceRecord = Record<string, unknown>;

/** Default values of a new record of `decl` (the form's initial values). */
export function declDefaults(decl: ResourceDecl): ResourceRecord {
  return declSchema(decl, 'create').getDefault() as ResourceRecord;
}
