import { ARTICLE_CONTENT_MAX_BYTES, FIELD_MAX } from '@portal/api-client/constants';

/**
 * Request body limits, derived from the field caps of @portal/api-client/constants so that a value
 * at its cap always reaches validation (and a value past it is answered 10003 naming the field),
 * while a body no valid payload could need is refused unread (413, 10014).
 */

/** Bytes one character of a JSON string may take on the wire at worst ('\u001f'). */
const JSON_BYTES_PER_CHAR = 6;
/** Room for the short fields, keys and punctuation around the large ones. */
const SMALL_FIELDS_BYTES = 16 * 1024;

/** Every JSON call: the largest is form_register, two JSON texts of FIELD_MAX.formJson characters. */
export const BODY_LIMIT = 2 * FIELD_MAX.formJson * JSON_BYTES_PER_CHAR + SMALL_FIELDS_BYTES;

/**
 * space_add_article / space_update_article: ARTICLE_CONTENT_MAX_BYTES of HTML, with room for JSON
 * escaping of its quotes (editor HTML is full of attributes), plus the other fields.
 */
export const ARTICLE_BODY_LIMIT = 2 * ARTICLE_CONTENT_MAX_BYTES + BODY_LIMIT;
