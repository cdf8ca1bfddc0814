import { useLocation } from 'react-router';
import { SWITCH_META, hasOtherWidth, viewportScript, type AppName } from '@portal/routes';
import { useCspNonce } from './cspNonce';

export interface ViewportHeadProps {
  app: AppName;
  /** Scale the root font to width / 26.78 (the mobile app's rem layout). */
  rootFont?: boolean;
}

/**
 * Goes first in every document's <head>: the switch flag for the current path, then the inline
 * width script (vw cookie, breakpoint reload, chunk-error reload), with the request's CSP nonce. The meta re-renders on client
 * navigation, so the script always reads the flag of the page on screen.
 */
export function ViewportHead({ app, rootFont = false }: ViewportHeadProps) {
  const { pathname } = useLocation();
  const nonce = useCspNonce();
  return (
    <>
      <meta name={SWITCH_META} content={hasOtherWidth(pathname) ? '1' : '0'} />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: viewportScript({ app, rootFont }) }} />
    </>
  );
}
