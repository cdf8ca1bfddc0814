import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of the request being rendered on the server (the gateway puts it
 * in the load context as `cspNonce`, the server entry provides it here). Undefined in the browser:
 * inline scripts only run from the server's HTML.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

/** The nonce an inline <script> of the document must carry. */
export const useCspNonce = (): string | undefined => useContext(CspNonceContext);
