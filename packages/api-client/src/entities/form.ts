import { writtenBy } from './derive';
import type { EntityField, ValueOf } from './field';

/**
 * What the member forms read of a declaration: which fields a form shows and the shape of its
 * values. The components that draw them live in @portal/ui/member.
 */

/**
 * The profile of a record a visitor makes and its owner later changes (the member's registration
 * and basic-info tab share it): the fields written at both times, in declared order.
 */
export function profileFields<F extends EntityField>(fields: readonly F[]): F[] {
  return writtenBy(writtenBy(fields, 'create', 'public'), 'update', 'self');
}

/** The rows a form draws for `fields`, in order: one per field, but a city rides in its province's row. */
export function formRows<F extends EntityField>(fields: readonly F[]): F[] {
  return fields.filter((f) => f.control !== 'city');
}

/** A form's values of `F` (a union of fields): a select of option ids holds '' until one is chosen. */
export type FormValues<F extends EntityField> = {
  [G in F as G['name']]: G extends { optionList: string } ? number | '' : ValueOf<G>;
};

/** A new form's values: nothing chosen, the declared default or empty text. */
export function emptyValues<F extends EntityField>(fields: readonly F[]): FormValues<F> {
  const values: Record<string, unknown> = {};
  for (const f of fields) values[f.name] = f.optionList ? '' : (f.default ?? '');
  return values as FormValues<F>;
}

/** A stored record as a form's values (an option id of 0, nothing chosen, shows as ''). */
export function formValuesOf<F extends EntityField>(fields: readonly F[], record: object): FormValues<F> {
  const source = record as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const f of fields) values[f.name] = f.optionList ? source[f.name] || '' : source[f.name];
  return values as FormValues<F>;
}
