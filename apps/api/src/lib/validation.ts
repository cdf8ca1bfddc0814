import type { FastifySchemaCompiler } from 'fastify';
import { ValidationError, type AnySchema } from 'yup';
import { ErrorCode } from '@portal/api-client/codes';
import { ApiError } from './envelope';

/**
 * Fastify validator compiler for the yup payload schemas of @portal/api-client/payloads:
 * strips unknown keys, applies defaults, coerces query-string numbers, and reports the first
 * failing rule's Chinese message as ErrorCode.Validation.
 */
export const yupValidatorCompiler: FastifySchemaCompiler<AnySchema> =
  ({ schema }) =>
  (data) => {
    // A JSON array, string or number where an object belongs is a malformed request, not a field error.
    if (data !== undefined && data !== null && (typeof data !== 'object' || Array.isArray(data))) {
      return { error: new ApiError(ErrorCode.BadRequest) };
    }
    try {
      return { value: schema.validateSync(data ?? {}, { stripUnknown: true, abortEarly: true }) };
    } catch (err) {
      if (err instanceof ValidationError)
        return { error: new ApiError(ErrorCode.Validation, err.errors[0] ?? err.message) };
      // A transform that choked on an unexpected type is still the caller's bad input, not a 500.
      return { error: new ApiError(ErrorCode.Validation) };
    }
  };
