import type { FieldDecl } from '../collections/fields';

/**
 * The vocabulary of an entity module (entities/<kind>.ts): the back office's field declaration
 * (FieldDecl: name, Chinese label, type, limits) plus who may read and write the field and what the
 * member forms, the server and the table need to know of it. An entity declares its fields once, as
 * a `const` list that `satisfies readonly EntityField[]`; the contract types, the yup rules, the
 * repository's columns and row mapping, the member forms and the back office's fields and columns
 * are all derived from that list (./derive, ./schema, ./office).
 */

/**
 * Who reads or writes a field: 'public' anyone (a visitor registering), 'self' the member the record
 * belongs to, 'office' the back-office roles its collection grants (RESOURCES[kind].read / write).
 */
export type Party = 'public' | 'self' | 'office';

/** Making a record (registration, a new article) or changing it afterwards. */
export type WriteMode = 'create' | 'update';

export interface EntityField extends FieldDecl {
  /** Who sees the field (in the API's answers, the back office's records). */
  read: readonly Party[];
  /** Who sets it when the record is made. */
  create?: readonly Party[];
  /** Who changes it afterwards. */
  update?: readonly Party[];
  /**
   * The spec's messages for this field (messages.ts). Without them a rule reports
   * `${label}不能为空`, `${label}不能超过${max}个字符`, `${label}格式不正确`. `notText` answers
   * something other than text (an object, a list) where a text or a text choice belongs, when it
   * is not `invalid` (a choice's `invalid` says the choice is not one of them: complaint_add's reason).
   */
  messages?: { required?: string; invalid?: string; tooLong?: string; notText?: string };
  /**
   * A text's shape: an email address, a mobile number (the spec's rule), comma-separated keywords.
   * A number's: `id`, an id a call's payload names, with the payloads' rule (rules.ts idOrZero:
   * `${label}必须是数字`, `${label}不正确`…; 0 is none, a blank is left out).
   */
  format?: 'email' | 'mobile' | 'keywords' | 'id';
  /** richtext: the longest body in UTF-8 bytes (an empty editor counts as no content). */
  maxBytes?: number;
  /** select: the choices are a list the API serves (option_ls, space_channel…); the value is an option id. */
  optionList?: string;
  /**
   * select of numbers: a stored value is read as it is, not only a declared choice (the contract's
   * type is `number`: a white paper's access, any value but 0 being a members' paper).
   */
  open?: true;
  /** Free text a person writes: screened for sensitive words before it is stored. */
  screened?: boolean;
  /** Left as it is when an update leaves it out (the avatar, set by its own upload). */
  keep?: boolean;
  /** Not a column of its own (a password is stored as its hash; a text worked out from another field). */
  stored?: false;
  /** A column that may hold no value (null): rows written before it existed (an article's last edit). */
  nullable?: true;
  /** The member forms: the browser's autocomplete hint, and a place picker (a city rides in its province's row). */
  autoComplete?: string;
  control?: 'province' | 'city';
  /** A choice's unit, shown after it in the member forms (企业规模: 1-25人). */
  unit?: string;
  /** The back office: a list column, and a label or help of its own there. */
  office?: {
    label?: string;
    help?: string;
    column?: boolean;
    /**
     * The back office's name of the field (its record and form) when it is not the column's
     * (keywords; an audit entry's entityId): `fromRow` and `EntityRecord` for the office use it.
     */
    name?: string;
  };
  /**
   * boolean: stored as 0/1 and answered to visitors as that 0/1 (the contract's `0 | 1`: a form
   * field's is_require); the back office reads and writes it as a boolean like any other.
   */
  bit?: true;
  /** select of texts: only a declared choice is ever written (the server checks it), so the value is one of them. */
  closed?: true;
  /**
   * list: the fields of each entry, stored with the list (who reads and writes them is the list's).
   * json: the shape of the object its JSON text holds (see `ValueOf`).
   */
  fields?: readonly EntryField[];
  /**
   * Not a column of its own but one key of a JSON object that a column holds with other fields
   * (a form's privacy title and text, both in `privacy`): ./derive's packColumns and fromRow.
   */
  packed?: { in: string; key: string };
  /**
   * The field's name in the API's answers when it is not the column's (a partner item's `subTitle`
   * for `sub_title`): visitors and members read it so, the back office by the column's name.
   */
  wire?: string;
}

/**
 * A field of a list's entries or of a json field's object: an entity field without parties (the
 * list's own), kept only inside it (`stored: false`: worked out when read, never kept or checked).
 */
export type EntryField = Omit<EntityField, 'read' | 'create' | 'update' | 'keep' | 'packed' | 'wire'>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Member<L> = L extends readonly (infer P)[] ? P : never;
/** The parties of a field's `read`, `create` or `update` (none when it is not declared). */
type PartiesOf<F, Key extends 'read' | WriteMode> = F extends { [K in Key]: infer L } ? Member<L> : never;

/**
 * The value of a field in the API's answers and payloads, as `who` reads or writes it: a number,
 * an option id, one of the numeric choices (any number for an `open` one), text (a text choice is
 * any text: an old row may hold a retired choice, unless the choice is `closed`), a flag (0/1 to
 * visitors when it is a `bit`), or a list of entries.
 */
export type ValueOf<F, Who extends Party = 'public'> = F extends { type: 'number' }
  ? number
  : F extends { type: 'boolean' }
    ? F extends { bit: true }
      ? Who extends 'office'
        ? boolean
        : 0 | 1
      : boolean
    : F extends { type: 'select'; optionList: string } | { type: 'select'; open: true }
      ? number
      : F extends { type: 'select'; options: readonly { value: infer V }[] }
        ? V extends string
          ? F extends { closed: true }
            ? V
            : string
          : V
        : F extends { type: 'articles' }
          ? number[]
          : F extends { type: 'lines' }
            ? string[]
            : F extends { type: 'list'; fields: infer S extends readonly EntryField[] }
              ? EntryOf<S, Who>[]
              : F extends { type: 'json'; fields: infer S extends readonly EntryField[] }
                ? JsonOf<S, Who>
                : string;

/**
 * A json field with `fields`: JSON text of one object of those fields, validated by their rules
 * (./schema) and read as that object (./derive; corrupt text: empty fields). The back office edits
 * the text itself, so to it the value is the text.
 */
type JsonOf<S extends readonly EntryField[], Who extends Party> = Who extends 'office'
  ? string
  : EntryOf<S, Who>;

/** One entry of a list whose entries have `Fs`, as `who` reads it. */
export type EntryOf<Fs extends readonly EntryField[], Who extends Party = 'public'> = Simplify<{
  [F in Fs[number] as F['name']]: ValueOf<F, Who>;
}>;

/**
 * One entry of a list or a json field's object as its column's JSON text holds it, as a writer
 * other than the back office puts it there (the seed's vendor pages): its kept fields (one
 * `stored: false` is worked out when read), each of which it may leave out (read as empty: ./derive).
 */
export type StoredEntryOf<Fs extends readonly EntryField[]> = Simplify<{
  [F in Fs[number] as F extends { stored: false } ? never : F['name']]?: StoredEntryValue<F>;
}>;
type StoredEntryValue<F> = F extends { type: 'list' | 'json'; fields: infer S extends readonly EntryField[] }
  ? F extends { type: 'list' }
    ? StoredEntryOf<S>[]
    : StoredEntryOf<S>
  : ValueOf<F>;

/**
 * A field's name in a record `who` reads: the back office's own (`office.name`) for the office, its
 * `wire` name in the API's answers, else the column's.
 */
type RecordName<F extends EntityField, Who extends Party> = Who extends 'office'
  ? OfficeName<F>
  : F extends { wire: infer W extends string }
    ? W
    : F['name'];

/** A record as `who` reads it. */
export type EntityRecord<Fs extends readonly EntityField[], Who extends Party> = Simplify<{
  [F in Fs[number] as Who extends PartiesOf<F, 'read'> ? RecordName<F, Who> : never]: ValueOf<F, Who>;
}>;

type Written<F, Mode extends WriteMode, Who extends Party> = Who extends PartiesOf<F, Mode> ? true : false;
/**
 * Whether a payload may lack a field. As sent ('input'): it is kept as it is when absent, or an
 * optional one takes its default. Once its rules passed ('valid'): only a kept one (defaults are filled in).
 */
type MayLack<F, Stage extends 'input' | 'valid'> = F extends { keep: true }
  ? true
  : Stage extends 'valid'
    ? false
    : F extends { required: true }
      ? false
      : F extends { default: unknown }
        ? true
        : false;

type WrittenRecord<
  Fs extends readonly EntityField[],
  Mode extends WriteMode,
  Who extends Party,
  Stage extends 'input' | 'valid',
> = Simplify<
  {
    [
      F in Fs[number] as Written<F, Mode, Who> extends true
        ? MayLack<F, Stage> extends true
          ? never
          : F['name']
        : never
    ]: ValueOf<F, Who>;
  } & {
    [
      F in Fs[number] as Written<F, Mode, Who> extends true
        ? MayLack<F, Stage> extends true
          ? F['name']
          : never
        : never
    ]?: ValueOf<F, Who>;
  }
>;

/** What `who` sends to make or change a record (the contract's payload): a field it may leave out is optional. */
export type EntityInput<
  Fs extends readonly EntityField[],
  Mode extends WriteMode,
  Who extends Party,
> = WrittenRecord<Fs, Mode, Who, 'input'>;

/** The same payload once its rules passed (./schema): defaults filled in, only a kept field may be absent. */
export type EntityValues<
  Fs extends readonly EntityField[],
  Mode extends WriteMode,
  Who extends Party,
> = WrittenRecord<Fs, Mode, Who, 'valid'>;

/** The names of the fields `who` reads that are columns of the table (not unstored, not packed into another). */
export type ColumnName<Fs extends readonly EntityField[], Who extends Party> = ColumnOf<Fs[number], Who>;
type ColumnOf<F, Who extends Party> = F extends EntityField
  ? Who extends PartiesOf<F, 'read'>
    ? F extends { stored: false } | { packed: object }
      ? never
      : F['name']
    : never
  : never;

/** The back office's name of a field: its own (`office.name`) or the column's. */
export type OfficeName<F> = F extends { office: { name: infer N extends string } }
  ? N
  : F extends { name: infer N extends string }
    ? N
    : never;

/**
 * The fields the back office writes in `mode`, by its names, as its record shows them and its form
 * sends them (a kind with an editor of its own: the article).
 */
export type OfficeForm<Fs extends readonly EntityField[], Mode extends WriteMode> = Simplify<{
  [F in Fs[number] as Written<F, Mode, 'office'> extends true ? OfficeName<F> : never]: ValueOf<F, 'office'>;
}>;

/** The same fields as their columns hold them: a flag as 0/1 (see `Stored` in the API's db/schema.ts). */
export type OfficeRow<Fs extends readonly EntityField[], Mode extends WriteMode> = Simplify<{
  [F in Fs[number] as Written<F, Mode, 'office'> extends true ? F['name'] : never]: F extends {
    type: 'boolean';
  }
    ? number
    : ValueOf<F, 'office'>;
}>;
