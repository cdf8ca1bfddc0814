import type { FieldDecl } from '../collections/fields';
import { readBy } from './derive';
import type { EntityField } from './field';

/**
 * The back office's view of an entity (its collection, collections/<kind>.ts): the fields its roles
 * read, as form fields and list columns.
 */

/** The fields the back office reads, in order: read only unless it writes them, with its own label and help. */
export function officeFields(fields: readonly EntityField[]): FieldDecl[] {
  return readBy(fields, 'office').map((f) => {
    const decl: FieldDecl = {
      name: f.name,
      label: f.office?.label ?? f.label,
      // An option id is a number to the back office (the lists are the public site's).
      type: f.optionList ? 'number' : f.type,
    };
    if (f.required) decl.required = true;
    if (f.max !== undefined) decl.max = f.max;
    if (f.min !== undefined) decl.min = f.min;
    if (f.options) decl.options = f.options;
    if (f.default !== undefined) decl.default = f.default;
    if (f.office?.help) decl.help = f.office.help;
    if (!f.update?.includes('office')) decl.readOnly = true;
    return decl;
  });
}

/** The list columns the back office shows of an entity, in declared order. */
export function officeColumns(fields: readonly EntityField[]): string[] {
  return readBy(fields, 'office')
    .filter((f) => f.office?.column === true)
    .map((f) => f.name);
}
