import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import {
  createOutboxEmailSender,
  createSmtpEmailSender,
  type EmailSender,
} from './integrations/email/email-sender.ts';
import { createGeoipLiteGeolocation, type Geolocation } from './integrations/geolocation/geolocation.ts';
import { createLocalPracticeManagement } from './integrations/practice-management/local-practice-management.ts';
import { createHttpSmsSender } from './integrations/sms/http-sms-sender.ts';
import { createOutboxSmsSender, type SmsSender } from './integrations/sms/sms-sender.ts';
import type { FileStorage } from './integrations/storage/file-storage.ts';
import { createFileStorage } from './integrations/storage/storage-from-config.ts';
import { createHttpVoiceCaller } from './integrations/voice/http-voice-caller.ts';
import { createOutboxVoiceCaller, type VoiceCaller } from './integrations/voice/voice-caller.ts';
import { deliverDueEmails, EMAIL_DELIVERY } from './jobs/email-delivery.job.ts';
import { drainDueJobs, type JobRunnerDeps, runDueJobs, startJobRunner } from './jobs/job-runner.ts';
import { createChangeFeed } from './lib/change-feed.ts';
import { limitChanges } from './lib/change-slots.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { logSafeError } from './lib/log-safe-error.ts';
import { createNetworkMatcher } from './lib/networks.ts';
import { createChangeWriter } from './lib/write-change.ts';
import { appointmentRequestRoutes } from './modules/appointment-requests/appointment-requests.routes.ts';
import { createAppointmentRequestService } from './modules/appointment-requests/appointment-requests.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createMfaService } from './modules/auth/mfa.service.ts';
import { createPasswordResetService } from './modules/auth/password-reset.service.ts';
import { createThrottle } from './modules/auth/throttle.ts';
import type { AppointmentChangeListener } from './modules/booking/appointment-changes.ts';
import { bookingRoutes } from './modules/booking/booking.routes.ts';
import { createBookingService } from './modules/booking/booking.service.ts';
import { createFreeDaysCache } from './modules/booking/free-days-cache.ts';
import { clientRoutes } from './modules/clients/clients.routes.ts';
import { createClientService } from './modules/clients/clients.service.ts';
import { outboxRoutes } from './modules/dev/outbox.routes.ts';
import { createOutboxService } from './modules/dev/outbox.service.ts';
import { directoryRoutes } from './modules/directory/directory.routes.ts';
import { createDirectoryService } from './modules/directory/directory.service.ts';
import { eventRoutes } from './modules/events/events.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { messagingRoutes } from './modules/messaging/messaging.routes.ts';
import { createMessagingService } from './modules/messaging/messaging.service.ts';
import { voiceJobKinds } from './modules/messaging/voice-calls.ts';
import { createWebhookRateLimit } from './modules/messaging/webhook-rate-limit.ts';
import { presenceJobKinds } from './modules/presence/presence.jobs.ts';
import { presenceRoutes } from './modules/presence/presence.routes.ts';
import { createPresenceService } from './modules/presence/presence.service.ts';
import {
  queuePendingExtractions,
  referralExtractionJobKinds,
} from './modules/referral-inbox/extract-referral-text.ts';
import { stopLetterReader } from './modules/referral-inbox/read-letter-text.ts';
import { referralInboxRoutes } from './modules/referral-inbox/referral-inbox.routes.ts';
import { createReferralInboxService } from './modules/referral-inbox/referral-inbox.service.ts';
import { createReferralIntakeService } from './modules/referral-inbox/referral-intake.service.ts';
import { scheduleRoutes } from './modules/schedule/schedule.routes.ts';
import { createScheduleService } from './modules/schedule/schedule.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { smsJobKinds } from './modules/sms-sequence/sms-sequence.jobs.ts';
import { createSmsSequencePlanner } from './modules/sms-sequence/sms-sequence.planner.ts';
import { specialistRoutes } from './modules/specialists/specialists.routes.ts';
import { createSpecialistService } from './modules/specialists/specialists.service.ts';
import { documentRoutes } from './modules/storage/documents.routes.ts';
import { createDocumentService } from './modules/storage/documents.service.ts';
import { templateRoutes } from './modules/templates/templates.routes.ts';
import { createTemplateService } from './modules/templates/templates.service.ts';
import { createTodoTotals } from './modules/todos/todo-totals.ts';
import { todoRoutes } from './modules/todos/todos.routes.ts';
import { createTodoService } from './modules/todos/todos.service.ts';
import { trackingRoutes } from './modules/tracking/tracking.routes.ts';
import { createTrackingService } from './modules/tracking/tracking.service.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { createUserService } from './modules/users/users.service.ts';
import { startListMemory } from './modules/workflows/list-memory/list-memory.ts';
import { createWorkflowActionService } from './modules/workflows/workflow-actions.service.ts';
import { createWorkflowDetailService } from './modules/workflows/workflow-detail.service.ts';
import { workflowRoutes } from './modules/workflows/workflows.routes.ts';
import { createWorkflowService } from './modules/workflows/workflows.service.ts';
import { registerAuth } from './plugins/auth.ts';
import { refuseCrossSiteRequests } from './plugins/cross-site.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { refuseBadInput } from './plugins/text-input.ts';
import { registerWebApp } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs due jobs now (tests and benchmarks; the runner does it on its own when its interval is set). */
    jobs: { runDue: () => ReturnType<typeof runDueJobs>; drain: () => Promise<number> };
  }
}

export type AppDeps = {
  config: Config;
  database: Pick<Database, 'db' | 'listen'>;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  sms?: SmsSender;
  voice?: VoiceCaller;
  email?: EmailSender;
  geolocation?: Geolocation;
  /** Told of every booking, reschedule and cancel inside its transaction (messaging plans from it). */
  appointmentListeners?: readonly AppointmentChangeListener[];
  /** Where uploaded and generated files live; default from the configuration (local folder or S3). */
  storage?: FileStorage;
};

/** Request logs carry method, route and status only: never bodies, query strings or headers; errors without the values they quote. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    serializers: {
      req: (req) => ({ method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip }),
      res: (res) => ({ statusCode: res.statusCode }),
      err: logSafeError,
    },
  };
}

export async function buildApp(deps: AppDeps) {
  const { config } = deps;
  const { db } = deps.database;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    // false, or the addresses of the proxies whose X-Forwarded-For entries are believed (config.ts).
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerSecurityHeaders(app, { production: config.NODE_ENV === 'production' });
  refuseBadInput(app);
  refuseCrossSiteRequests(app, config.publicUrl);
  await app.register(cookie);
  // Uploads are read by the routes that take them, each with its own size limit.
  // preservePath: the name arrives as sent, so one with path characters is refused, not trimmed.
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 1 },
  });
  const storage = deps.storage ?? createFileStorage(config);

  const development = config.NODE_ENV === 'development';
  const logError = (message: string, err: unknown) => app.log.error({ err }, message);
  const changes = createChangeFeed(deps.database);
  app.addHook('onClose', () => changes.close());
  // One provider account sends SMS and places calls (config.ts requires its settings for 'http').
  const providerAccount = {
    apiUrl: config.SMS_API_URL as string,
    accountSid: config.SMS_ACCOUNT_SID as string,
    authToken: config.SMS_AUTH_TOKEN as string,
    from: config.SMS_FROM as string,
  };
  const sms =
    deps.sms ??
    (config.SMS_PROVIDER === 'http'
      ? createHttpSmsSender(providerAccount)
      : createOutboxSmsSender(db, development ? (line) => app.log.info(line) : undefined));
  const voice =
    deps.voice ??
    (config.VOICE_PROVIDER === 'http'
      ? createHttpVoiceCaller({ ...providerAccount, publicUrl: config.publicUrl })
      : createOutboxVoiceCaller(db));
  const email =
    deps.email ??
    (config.SMTP_URL
      ? createSmtpEmailSender(config.SMTP_URL, config.MAIL_FROM)
      : createOutboxEmailSender(db));
  const throttle = createThrottle(db, clock);
  limitChanges(db, config.DATABASE_CHANGES_AT_ONCE);
  if (config.LIST_MEMORY) {
    // The database answers the lists while the index loads (about 35 s a million workflows); tests wait for it.
    const memory = startListMemory(db, (err) => logError('the lists went back to the database', err));
    app.addHook('onClose', () => memory.close());
    const loading = memory.loading.catch((err) => logError('the lists stay with the database', err));
    if (config.NODE_ENV === 'test') await loading;
  }
  const writeChange = createChangeWriter({ db, changes });
  const auth = createAuthService({
    db,
    clock,
    throttle,
    changes,
    writeChange,
    geolocation: deps.geolocation ?? createGeoipLiteGeolocation(),
    isExemptFromCountryCheck: createNetworkMatcher(config.countryCheckExemptNetworks),
    policy: { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS },
  });
  const passwordReset = createPasswordResetService({
    db,
    clock,
    throttle,
    changes,
    publicUrl: config.publicUrl,
  });
  const mfa = createMfaService({ db, clock, writeChange, throttle, sms, email, publicUrl: config.publicUrl });
  registerAuth(app, auth);
  await registerOpenApi(app, { auth, signedInOnly: config.NODE_ENV === 'production' });
  await auth.followSessionChanges();

  await app.register(healthRoutes(createHealthService(db)));
  await app.register(authRoutes({ auth, mfa, passwordReset, cookieSecure: config.cookieSecure }));
  const presence = createPresenceService({
    db,
    clock,
    writeChange,
    idleMinutes: config.SESSION_IDLE_MINUTES,
  });
  await app.register(eventRoutes({ changes, auth, onTabGone: (who) => presence.closeTab(who, undefined) }));
  await app.register(presenceRoutes(presence));
  await app.register(userRoutes(createUserService({ db, clock, writeChange, passwordReset, log: logError })));
  await app.register(directoryRoutes(createDirectoryService(db, createLocalPracticeManagement)));
  await app.register(templateRoutes(createTemplateService(db)));
  await app.register(settingsRoutes(createSettingsService({ db, writeChange })));
  await app.register(
    workflowRoutes({
      workflows: createWorkflowService({ db, clock }),
      detail: createWorkflowDetailService({ db, clock }),
      actions: createWorkflowActionService({ db, clock, changes }),
    }),
  );
  await app.register(
    clientRoutes(createClientService({ db, changes, practiceManagement: createLocalPracticeManagement })),
  );
  const freeDaysCache = createFreeDaysCache({ db, changes });
  await freeDaysCache.start();
  const booking = createBookingService({
    db,
    clock,
    changes,
    freeDaysCache,
    practiceManagement: createLocalPracticeManagement,
    appointmentListeners: [
      ...(deps.appointmentListeners ?? []),
      createSmsSequencePlanner({ clock, quietHours: config.smsQuietHours }),
    ],
  });
  await app.register(
    appointmentRequestRoutes(createAppointmentRequestService({ db, clock, changes, booking })),
  );
  await app.register(bookingRoutes(booking));
  await app.register(scheduleRoutes(createScheduleService({ db, clock, writeChange })));
  await app.register(trackingRoutes(createTrackingService({ db, changes })));
  const todoTotals = createTodoTotals({ changes });
  await todoTotals.start();
  await app.register(todoRoutes(createTodoService({ db, clock, writeChange, totals: todoTotals })));
  await app.register(specialistRoutes(createSpecialistService({ db, clock, writeChange, freeDaysCache })));
  await app.register(documentRoutes(createDocumentService({ db, storage })));
  let runner: ReturnType<typeof startJobRunner> | undefined;
  const inbox = createReferralInboxService({
    db,
    clock,
    storage,
    writeChange,
    practiceManagement: createLocalPracticeManagement,
    maxUploadBytes: config.UPLOAD_MAX_BYTES,
    onUploaded: () => runner?.nudge(),
  });
  const intake = createReferralIntakeService({
    db,
    clock,
    writeChange,
    practiceManagement: createLocalPracticeManagement,
    inbox,
  });
  await app.register(referralInboxRoutes({ inbox, intake, maxUploadBytes: config.UPLOAD_MAX_BYTES }));
  app.addHook('onClose', async () => {
    await stopLetterReader();
  });
  if (development) await app.register(outboxRoutes(createOutboxService(db)));
  await app.register(
    messagingRoutes(
      createMessagingService({
        db,
        clock,
        writeChange,
        webhookToken: config.SMS_AUTH_TOKEN,
        publicUrl: config.publicUrl,
      }),
      {
        development,
        webhookRateLimit: createWebhookRateLimit(clock, config.WEBHOOK_REQUESTS_PER_MINUTE),
      },
    ),
  );
  // The one job runner (decision 0031): the jobs table's kinds (SMS steps, reading referral letters,
  // decision 0043), and e-mail delivery as a pass.
  const jobRunner: JobRunnerDeps = {
    db,
    clock,
    kinds: {
      ...smsJobKinds({ db, clock, sms, changes, quietHours: config.smsQuietHours }),
      ...voiceJobKinds({ db, voice, changes }),
      ...referralExtractionJobKinds({ db, storage, changes }),
      ...presenceJobKinds({ db, changes }),
    },
    log: app.log,
    concurrency: config.DATABASE_URL ? 8 : 1,
    passes: [
      {
        id: EMAIL_DELIVERY.id,
        run: async () => {
          const { claimed } = await deliverDueEmails({ db, email, clock, changes, log: app.log });
          return { claimed, full: claimed >= EMAIL_DELIVERY.batchSize };
        },
      },
      {
        // Change events left in the outbox by a process that died between a commit and its
        // publish (decision 0046): any process publishes them a few seconds late.
        id: 'change-outbox',
        run: async () => {
          await changes.sweep(db);
          return { claimed: 0, full: false };
        },
      },
    ],
  };
  app.decorate('jobs', {
    runDue: () => runDueJobs(jobRunner),
    drain: () => drainDueJobs(jobRunner),
  });
  if (config.jobRunnerIntervalMs > 0) {
    // Runs once the app is ready; closing the app waits for the running round.
    app.addHook('onReady', async () => {
      await queuePendingExtractions(db, clock.now());
      runner = startJobRunner({ ...jobRunner, intervalMs: config.jobRunnerIntervalMs });
    });
    app.addHook('onClose', async () => {
      await runner?.stop();
    });
  }
  await registerWebApp(app, config.WEB_DIST_DIR);
  return app;
}
