import type { FastifySchemaCompiler } from 'fastify';
import { ValidationError, type AnySchema } from 'yup';
import { ErrorCode } from '@portal/api-client/codes';
import { ApiError } from './envelope';

/** A message written for users contains Chinese; yup's built-in defaults do not. */
const CHINESE_TEXT = /[\u4e00-\u9fff]/;

/**
 * Fastify validator compiler for the yup payload schemas of @portal/api-client/payloads:
 * strips unknown keys, applies defaults, coerces query-string numbers, and reports the first
 * failing rule's Chinese message as ErrorCode.Validation.
 */
export const yupValidatorCompiler: FastifySchemaCompiler<AnySchema> =
  ({ schema }) =>
  (data) =>
    validatePayload(schema, data);

/**
 * One payload through its yup schema, as every call validates it (over HTTP through the compiler
 * above, in-process through routes/define-call.ts invokeCall).
 */
export function validatePayload(schema: AnySchema, data: unknown): { value: unknown } | { error: ApiError } {
  // A JSON array, string or number where an object belongs is a malformed request, not a field error.
  if (data !== undefined && data !== null && (typeof data !== 'object' || Array.isArray(data))) {
    return { error: new ApiError(ErrorCode.BadRequest) };
  }
  try {
    return { value: schema.validateSync(data ?? {}, { stripUnknown: true, abortEarly: true }) };
  } catch (err) {
    if (err instanceof ValidationError) {
      // A rule without its own message falls back to yup's English default ("x cannot be null",
      // "must be a `number` type, but the final value was …", echoing the input): the user gets
      // the generic Chinese message instead (found by test/fuzz.test.ts).
      const first = err.errors[0] ?? '';
      return { error: new ApiError(ErrorCode.Validation, CHINESE_TEXT.test(first) ? first : undefined) };
    }
    // A transform that choked on an unexpected type is still the caller's bad input, not a 500.
    return { error: new ApiError(ErrorCode.Validation) };
  }
}
