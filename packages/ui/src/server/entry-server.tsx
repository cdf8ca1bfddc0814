import { Writable } from 'node:stream';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToPipeableStream } from 'react-dom/server';
import { CspNonceContext } from '../cspNonce';

export const streamTimeout = 5_000;

/**
 * The server entry of every app (desktop, mobile, landing): each app's app/entry.server.tsx re-exports it.
 * Waits for the whole page (onAllReady) before sending: loaders already resolved on the server,
 * so streaming the shell buys nothing, and crawlers that run no JavaScript read full HTML. The
 * document is collected into one buffer: the gateway reads it whole anyway (micro-cache, nonce),
 * and a web ReadableStream over a Node stream cost more CPU than the rest of the copy (bench profile).
 */
export function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    // The gateway's per-request CSP nonce: on React Router's scripts (ServerRouter passes it to
    // <Scripts>, <ScrollRestoration>), the width script (CspNonceContext) and React's own.
    const cspNonce: unknown = loadContext?.cspNonce;
    const nonce = typeof cspNonce === 'string' ? cspNonce : undefined;
    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status }));
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
  });
}
