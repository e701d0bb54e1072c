import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, webAppIsBuilt } from './config.js';
import { usePrivateUmask } from './private-data.js';

// Every file and directory this process creates is private to its account (decision 0136).
usePrivateUmask();

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await buildApp(config);

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an uncaught error');
  else app.log.info({ signal }, 'closing');
  await app.close();
});

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: config.database.dialect, webApp: webAppIsBuilt(config) },
    `Cutout is running at ${config.publicUrl}`,
  );
  // Load the model now rather than with the first person's image; /health/detailed says
  // 'degraded … loading' until it is ready.
  void app.processing.warmUp();
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close();
  process.exit(1);
}
