import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { RequestValidationError, registerErrorHandling } from './plugins/errors.js';
import { registerAuth } from './plugins/auth.js';
import { registerAnswers } from './plugins/answers.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWebStatic } from './plugins/web-static.js';
import { registerCrudRoutes } from './crud/register-crud-routes.js';
import { crudModules, crudRegistry } from './crud/registry.js';
import { registerAuthRoutes } from './features/auth/auth.routes.js';
import { LoginThrottle, type LoginThrottleOptions } from './features/auth/index.js';
import { registerActivityRoutes } from './features/activity/activity.routes.js';
import { registerOrderRoutes } from './features/pos/orders.routes.js';
import { assertEveryMethodHasTender } from './features/pos/index.js';
import { registerPrepaidRoutes } from './features/prepaid/prepaid.routes.js';
import { registerTouchUpRoutes } from './features/touch-ups/touch-ups.routes.js';
import { registerSettingsRoutes } from './features/settings/settings.routes.js';
import { registerDayCloseRoutes } from './features/pos/day-close.routes.js';
import { registerTillProductRoutes } from './features/pos/till-products.routes.js';
import { registerDashboardRoutes } from './features/dashboard/dashboard.routes.js';
import { registerDigestRoutes } from './features/digest/digest.routes.js';
import { registerFinanceSummaryRoutes } from './features/finances/finances.routes.js';
import { registerTransferRoutes } from './features/transfers/transfers.routes.js';
import { registerReminderRoutes } from './features/reminders/reminders.routes.js';
import { registerOfflineRoutes } from './features/pos/offline.routes.js';
import { registerBankStatementRoutes } from './features/bank-statements/bank-statements.routes.js';
import { registerIntegrationRoutes } from './features/integrations/integrations.routes.js';
import { registerPayRunRoutes } from './features/pay/pay-runs.routes.js';
import { registerTraineeRoutes } from './features/trainees/trainees.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    uploadsDir: string;
    config: AppConfig;
    /** The login throttle every password check shares (sign-in, the till's approval, a current password). */
    loginThrottle: LoginThrottle;
  }
}

export interface BuildAppOptions {
  database: Database;
  config: AppConfig;
  logger?: FastifyServerOptions['logger'];
  /** The login throttle's limits (tests); by default the contract's 5 attempts per minute. */
  loginThrottle?: LoginThrottleOptions;
  /** Check every answer against its route's declared schema (default); false only writes it (tests, a bench's baseline). */
  checkAnswers?: boolean;
}

export const BODY_LIMIT = 1024 * 1024;

/** The whole API (and the built web app) as one Fastify instance; server.ts only listens. */
export async function buildApp({ database, config, logger = false, loginThrottle, checkAnswers = true }: BuildAppOptions): Promise<FastifyInstance> {
  // every declared payment method has its server handler (decision 032): a method without one would take nothing
  assertEveryMethodHasTender();
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    // long enough that a route's own validation answers an over-long segment (422 on the field) or id (404)
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    // a broken %-escape or a segment beyond even that limit is bad input like any other: 422, not Fastify's 400/414
    frameworkErrors: (err, _req, reply: FastifyReply) => {
      if (err.code !== 'FST_ERR_BAD_URL' && err.code !== 'FST_ERR_MAX_PARAM_LENGTH') {
        void reply.code(500).send({ message: 'Server Error.' });
        return;
      }
      const message = 'The address contains an invalid value.';
      void reply.code(422).send({ message, errors: { path: [message] } });
    },
  });
  const { db } = database;
  app.decorate('config', config);
  app.decorate('uploadsDir', path.join(config.dataDir, 'uploads'));
  app.decorate('loginThrottle', new LoginThrottle(db, loginThrottle));

  app.setValidatorCompiler(({ schema }) => (data) => {
    const result = (schema as ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error.issues) };
  });
  registerErrorHandling(app);
  // every route's answer is declared (a default when a route gives none) and checked as it is written (decision 037)
  registerAnswers(app, { check: checkAnswers });
  // A POST without a body but with `Content-Type: application/json` (logout from some HTTP clients) is an empty body,
  // not bad JSON; anything else that is not JSON is still a 422 (errors.ts).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
    }
  });

  // --- external plugins (the security headers first: every response below carries them)
  await registerSecurityHeaders(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Studio back office API', version: '1.0.0', description: 'See docs/api.md. Every route but login takes `Authorization: Bearer <api_token>`.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });

  // --- app plugins, then routes
  registerAuth(app, db, { cacheTokens: database.kind === 'pglite' });
  registerAuthRoutes(app, db, loginThrottle);
  for (const mod of crudModules) registerCrudRoutes(app, db, mod, crudRegistry);
  registerActivityRoutes(app, db);
  registerOrderRoutes(app, db, loginThrottle);
  registerSettingsRoutes(app, db);
  registerDayCloseRoutes(app, db);
  registerTillProductRoutes(app, db);
  // one statement on the embedded database, prepared once a day; its reads side by side on PostgreSQL (decision 018)
  registerDashboardRoutes(app, db, { split: database.kind !== 'pglite', prepared: database.kind === 'pglite' });
  registerFinanceSummaryRoutes(app, db);
  registerDigestRoutes(app, db);
  registerTransferRoutes(app, db);
  registerReminderRoutes(app, db);
  registerOfflineRoutes(app, db);
  registerBankStatementRoutes(app, db);
  registerIntegrationRoutes(app, db);
  registerPayRunRoutes(app, db);
  // the public certificate check is throttled by address like sign-in: 30 checks a minute, a valid one forgiven
  registerTraineeRoutes(app, db, new LoginThrottle(db, { max: 30, windowSeconds: 60 }));
  registerPrepaidRoutes(app, db);
  registerTouchUpRoutes(app, db);

  fs.mkdirSync(app.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, { root: app.uploadsDir, prefix: '/uploads/', decorateReply: false, index: false });
  const hasWeb = await registerWebStatic(app, config.webDist);

  app.setNotFoundHandler((req, reply) => {
    // a missing file (an old build's chunk) is a 404, never the app's HTML
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(req.url.split('?')[0]!);
    const appRoute = req.method === 'GET' || req.method === 'HEAD';
    if (req.url.startsWith('/api') || req.url.startsWith('/uploads') || !appRoute || !hasWeb || looksLikeFile) {
      return reply.code(404).send({ message: 'Not found.' });
    }
    // the single-page app owns every other path: its index.html, compressed and revalidated like the files (web-static.ts)
    return reply.code(200).sendFile('index.html');
  });
  return app;
}
