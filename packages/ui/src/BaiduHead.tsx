import { useLocation, useMatches } from 'react-router';
import type { AppName } from '@portal/routes';
import { baiduTags, handlePhonePath, phoneUrlOf, type SiteOrigins } from './baidu';

export interface BaiduHeadProps {
  app: AppName;
  /** The public origins (the desktop root loader's); without them no mobile-agent is written. */
  origins?: SiteOrigins;
}

/** Baidu's head tags of the page on screen (./baidu.ts); re-rendered on client navigation. */
export function BaiduHead({ app, origins }: BaiduHeadProps) {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const phoneUrl =
    app === 'desktop' && origins
      ? phoneUrlOf(origins, pathname, search, handlePhonePath(matches))
      : undefined;
  return (
    <>
      {baiduTags(app, phoneUrl).map((tag) => (
        <meta
          key={`${tag.name ?? tag.httpEquiv}:${tag.content}`}
          name={tag.name}
          httpEquiv={tag.httpEquiv}
          content={tag.content}
        />
      ))}
    </>
  );
}
