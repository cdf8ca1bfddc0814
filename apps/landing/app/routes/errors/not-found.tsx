import { NotFoundRoute, notFoundLoader, notFoundMeta } from '@portal/ui';

// The not-found page of every site (@portal/ui): HTTP 404, the image, back and home.
export const meta = notFoundMeta;
export const loader = notFoundLoader;
export default NotFoundRoute;
