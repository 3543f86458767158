/** The service's configuration, from the environment, with the demo's defaults. */
import { resolve } from 'node:path';
import { DEFAULT_AUTHORIZATION_CODE } from '../shared/protocol/envelope';

export interface Config {
  host: string;
  port: number;
  /** PGlite data folder; ignored when databaseUrl is set. null: in memory. */
  dataDir: string | null;
  databaseUrl: string | undefined;
  authorizationCode: string;
  credentials: { AppID: string; Secret: string; BSN: string };
  /** The built app to serve; null serves no static files. */
  staticDir: string | null;
  /** Gateway body limit in bytes. */
  bodyLimit: number;
  /** Deepest nesting allowed in strJsonData. */
  maxJsonDepth: number;
  /** Sandbox providers (sign-in, payment, SMS, storage) on: the demo and tests. */
  sandbox: boolean;
  /** Seeds the demo enterprise into an empty database. */
  seedDemo: boolean;
  /** Session lifetime in days. */
  sessionDays: number;
  /** Marks the session cookie Secure (behind HTTPS in production). */
  secureCookies: boolean;
  /** The public origin the app is served from, for printed links. */
  publicUrl: string | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port: ${env.PORT}`);
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    dataDir: env.DATA_DIR === ':memory:' ? null : resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    authorizationCode: env.AUTHORIZATION_CODE ?? DEFAULT_AUTHORIZATION_CODE,
    credentials: {
      AppID: env.HBB_APP_ID ?? 'demo-app',
      Secret: env.HBB_SECRET ?? 'demo-secret',
      BSN: env.HBB_BSN ?? 'demo-bsn',
    },
    staticDir: env.STATIC_DIR === '' ? null : resolve(env.STATIC_DIR ?? 'dist'),
    bodyLimit: Number(env.BODY_LIMIT ?? 256 * 1024),
    maxJsonDepth: Number(env.MAX_JSON_DEPTH ?? 8),
    sandbox: env.SANDBOX ? env.SANDBOX === '1' : !production,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === '1' : !production,
    sessionDays: Number(env.SESSION_DAYS ?? 30),
    secureCookies: env.SECURE_COOKIES ? env.SECURE_COOKIES === '1' : production,
    publicUrl: env.PUBLIC_URL ?? null,
  };
}
