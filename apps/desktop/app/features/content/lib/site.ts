/** The site name used in titles and structured data. */
export const SITE_NAME = '中小企业IT网';
