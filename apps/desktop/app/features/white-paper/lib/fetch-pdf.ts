import type { AxiosResponse } from 'axios';
import { ERROR_MESSAGES, ErrorCode } from '@portal/api-client/codes';
import { endpoints } from '@portal/api-client/contract';
import { isEnvelope } from '@portal/api-client/envelope';
import type { HttpTransportOptions } from '@portal/api-client/http';

export type PdfResult = { ok: true; blob: Blob } | { ok: false; code: number; msg: string };

/** A failure read from a blob body (the API answers errors as a JSON envelope). */
async function envelopeOf(blob: Blob): Promise<{ code: number; msg: string }> {
  try {
    const parsed: unknown = JSON.parse(await blob.text());
    if (isEnvelope(parsed))
      return { code: parsed.code, msg: parsed.msg || ERROR_MESSAGES[parsed.code as ErrorCode] || '' };
  } catch {
    // not JSON: reported below as a server error
  }
  return { code: ErrorCode.ServerError, msg: ERROR_MESSAGES[ErrorCode.ServerError] };
}

/**
 * white_paper_file {id} as a Blob. The HTTP transport adds the access token and the member identity
 * and passes PDF responses through untouched (spec section 7); axios is loaded only here, on demand.
 */
export async function fetchPaperPdf(
  id: number,
  getMember: NonNullable<HttpTransportOptions['getMember']>,
): Promise<PdfResult> {
  const { createHttpTransport } = await import('@portal/api-client/http');
  const transport = createHttpTransport({ getMember });
  // Resolves with the raw response for a blob request, or with an envelope when it never got one.
  const result: unknown = await transport.axios
    .request<Blob>({
      url: '/api/white_paper_file',
      method: endpoints.white_paper_file.method,
      data: { id },
      responseType: 'blob',
    })
    .catch((error: unknown) => error);
  if (isEnvelope(result)) return { ok: false, code: result.code, msg: result.msg };
  const response = result as AxiosResponse<Blob>;
  const type = String(response.headers?.['content-type'] ?? '');
  if (response.status === 200 && type.includes('application/pdf') && response.data instanceof Blob) {
    return { ok: true, blob: response.data };
  }
  return {
    ok: false,
    ...(response.data instanceof Blob
      ? await envelopeOf(response.data)
      : { code: ErrorCode.ServerError, msg: ERROR_MESSAGES[ErrorCode.ServerError] }),
  };
}
