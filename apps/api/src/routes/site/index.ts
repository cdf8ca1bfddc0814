import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@portal/api-client/codes';
import { HOT_TOPICS } from '@portal/api-client/constants';
import { ApiError } from '../../lib/envelope';
import { ok } from '@portal/api-client/envelope';
import { defineCall } from '../define-call';
import * as site from '../../repositories/site';
import { MSG } from '@portal/api-client/messages';

/** Site chrome loaded by every page: categories, footer, menus, ads, banners, options, places, experts. */
export default async function siteRoutes(app: FastifyInstance) {
  // Every call here is a cached public read: a replica may answer it (db/replicas.ts).
  const db = app.readDb;
  const cache = { cache: true };

  defineCall(app, 'get_category', async () => ok(await site.getCategoryTree(db)), cache);
  defineCall(app, 'company_letter', async () => ok(await site.getFooter(db)), cache);
  defineCall(app, 'website_url', async () => ok(await site.listLinks(db, 'website')), cache);
  defineCall(
    app,
    'get_seo',
    async ({ page }) => {
      const seo = await site.getSeo(db, page);
      if (!seo) throw new ApiError(ErrorCode.NotFound, MSG.pageNotFound);
      return ok(seo);
    },
    cache,
  );
  defineCall(app, 'get_partner', async () => ok(await site.listLinks(db, 'partner')), cache);
  defineCall(app, 'get_jobs', async () => ok(await site.listJobs(db)), cache);
  defineCall(
    app,
    'dropMenu',
    async () => ok((await site.listMenus(db, 'drop')).map(({ menu_id, name }) => ({ menu_id, name }))),
    cache,
  );
  defineCall(
    app,
    'smallMenu',
    async () => ok((await site.listMenus(db, 'small')).map(({ menu_id, name }) => ({ menu_id, name }))),
    cache,
  );
  defineCall(app, 'get_adv', async () => ok(await site.getAds(db)), cache);
  defineCall(
    app,
    'get_loop',
    async ({ type }) => ok(await site.listBanners(db, type === 'mobile' ? 'mobile' : 'home')),
    cache,
  );
  defineCall(app, 'get_loop_right', async () => ok(await site.listSideItems(db)), cache);
  defineCall(app, 'option_ls', async () => ok(await site.listOptions(db)), cache);
  defineCall(app, 'get_province', async () => ok(await site.listProvinces(db)), cache);
  defineCall(
    app,
    'get_city',
    async ({ title }) => {
      const cities = await site.listCities(db, title);
      if (!cities) throw new ApiError(ErrorCode.NotFound, '省份不存在');
      return ok(cities);
    },
    cache,
  );
  // The category pages' expert panel shows HOT_TOPICS.category experts per batch.
  defineCall(
    app,
    'get_expert',
    async ({ batch = 0 }) => ok({ data: await site.listExperts(db, batch, HOT_TOPICS.category) }),
    cache,
  );
}
