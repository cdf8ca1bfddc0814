/**
 * The front ends' client credential for accessToken (DESIGN.md section 5: public by design, its
 * token reads public content only). The server is configured with CLIENT_ID / CLIENT_SECRET; the
 * browser learns the same pair from the document it was served (issue 12), never from its bundle.
 * No axios here: read-only pages render the meta tags without loading the HTTP transport.
 */
export interface PublicClientCredential {
  id: string;
  secret: string;
}

/** The meta tags AppDocument renders and the browser transport reads. */
export const CLIENT_CREDENTIAL_META = { id: 'portal-client-id', secret: 'portal-client-secret' } as const;

/** The credential rendered into this document, or null (no document, or rendered without one). */
export function documentClientCredential(): PublicClientCredential | null {
  if (typeof document === 'undefined') return null;
  const read = (name: string) =>
    document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.getAttribute('content') ?? '';
  const id = read(CLIENT_CREDENTIAL_META.id);
  const secret = read(CLIENT_CREDENTIAL_META.secret);
  return id && secret ? { id, secret } : null;
}
