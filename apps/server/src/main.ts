import { buildApp, loggerOptions } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { systemClock } from './lib/clock.ts';
import { adminExists } from './modules/admin/admin-accounts.ts';
import { seedSampleBlogPosts } from './modules/blog/seed.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'embedded', dataDir: `${config.dataDir}/pglite` },
  );
  await database.migrate();
  const seeded = await seedSampleBlogPosts(database.db, systemClock.now());
  const app = await buildApp({ config, database, logger: loggerOptions(config) });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ host: config.HOST, port: config.PORT });
  const origin = config.publicOrigin;
  app.log.info({ database: database.kind, url: origin }, `BTCP is ready at ${origin}`);
  if (seeded > 0) app.log.info(`First start: added ${seeded} sample blog posts`);
  if (!(await adminExists(database.db))) {
    // D8: first-run bootstrap. Until an admin exists, /create-admin is open to whoever gets there first.
    app.log.warn(
      `No admin account yet: create one at ${origin}/create-admin or with \`npm run create-admin -- --email you@example.com\``,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
