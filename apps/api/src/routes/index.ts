import type { FastifyInstance } from 'fastify';
import type { ApiConfig } from '../config';
import articleRoutes from './articles';
import authRoutes from './auth';
import categoryRoutes from './category';
import columnRoutes from './column';
import complaintRoutes from './complaints';
import docRoutes from './docs';
import eventRoutes from './events';
import homeRoutes from './home';
import landingRoutes from './landing';
import memberRoutes from './member';
import reportRoutes from './reports';
import searchRoutes from './search';
import siteRoutes from './site';
import videoRoutes from './videos';
import wechatRoutes from './wechat';

/** Every domain's calls; each file registers `/api/{name}` routes through defineCall. */
export default async function routes(app: FastifyInstance, opts: { config: ApiConfig }) {
  await app.register(authRoutes, opts);
  await app.register(siteRoutes);
  await app.register(homeRoutes);
  await app.register(categoryRoutes);
  await app.register(articleRoutes);
  await app.register(videoRoutes);
  await app.register(docRoutes);
  await app.register(reportRoutes, { config: opts.config });
  await app.register(eventRoutes);
  await app.register(searchRoutes);
  await app.register(landingRoutes);
  await app.register(memberRoutes, opts);
  await app.register(columnRoutes, opts);
  await app.register(wechatRoutes, opts);
  await app.register(complaintRoutes, opts);
}
