import { useRouteLoaderData } from 'react-router';
import { EMPTY_FOOTER, type StartupData } from '@portal/api-client/startup';

const EMPTY: StartupData = { layouts: { web_list: [], cat_one: [] }, bottom: EMPTY_FOOTER, website: [] };

/**
 * The start-up data (spec: layoutsDATA, bottomDATA, websiteDATA) that the app's root loader filled
 * with `loadStartup`; empty in an error boundary rendered before the root loader ran.
 */
export function useStartup(): StartupData {
  const root = useRouteLoaderData<Partial<StartupData>>('root');
  return root?.layouts && root.bottom && root.website
    ? { layouts: root.layouts, bottom: root.bottom, website: root.website }
    : EMPTY;
}
