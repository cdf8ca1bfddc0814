import fp from 'fastify-plugin';
import { resanitizeStored } from '../repositories/resanitize';

/**
 * At start, stored article HTML of another sanitiser version is sanitised again (repositories/resanitize.ts),
 * in the background: the server answers at once (reads sanitise such rows until they are done),
 * and closing stops the run between two batches; the next start resumes it.
 */
export default fp(
  async (app) => {
    let closing = false;
    const running = resanitizeStored(app.database, {
      log: (msg) => app.log.info(msg),
      stopped: () => closing,
    }).then(
      () => undefined,
      (err: unknown) => app.log.error({ err }, 'resanitize failed; the next start tries again'),
    );
    // Registered after the database plugin, so this runs before the connection closes.
    app.addHook('onClose', async () => {
      closing = true;
      await running;
    });
  },
  { name: 'resanitize', dependencies: ['db'] },
);
