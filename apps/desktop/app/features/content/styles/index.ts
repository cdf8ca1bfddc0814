import contentCss from './content.css?url';

/** The stylesheet of the reading pages (linked by each route; one cached file). */
export const contentStyles = [{ rel: 'stylesheet', href: contentCss }];
