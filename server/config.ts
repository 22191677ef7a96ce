import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { checkSmsProvider, smsConfigShape } from "./notify/sms-config";

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

function isExecutableFile(file: string) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.url({ message: "must be an absolute URL such as https://expo.example.cn" }).optional());

/**
 * Variables that became the organizer's settings (issue 52, decision 055): refused rather than
 * silently ignored, so an operator who set one learns where the value lives now.
 */
const RETIRED_VARIABLES = {
  FILING_NUMBER: "the filing number is set on the organizer's /index/settings page",
  USER_GUIDE_URL: "the user guide's address is set on the organizer's /index/settings page",
} as const;

/** Every environment variable the server reads, validated once at boot. */
const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number({ message: "must be a port number" }).int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine((value) => !value || /^postgres(ql)?:\/\//.test(value), {
        message: "must start with postgres:// or postgresql://",
      }),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /**
     * Server processes (server/cluster.ts): "auto" runs one per core, a number that many; more than
     * one needs DATABASE_URL, since the embedded database has one owner process (decision 027).
     */
    WEB_CONCURRENCY: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.union([z.literal("auto"), z.coerce.number().int().min(1).max(64)], { error: 'must be "auto" or a number from 1 to 64' }).default(1),
    ),
    /** Named prepared statements on PostgreSQL; "false" behind a transaction-mode pooler that cannot keep them. */
    DATABASE_PREPARED_STATEMENTS: z
      .enum(["true", "false", "1", "0"], { message: "must be true or false" })
      .default("true")
      .transform((value) => value === "true" || value === "1"),
    SESSION_SECRET: z
      .string()
      .optional()
      .refine((value) => !value || value.split(",").every((s) => s.trim().length >= 16), {
        message: "each comma-separated secret must be at least 16 characters",
      }),
    API_BASE_URL: optionalUrl,
    PUBLIC_URL: optionalUrl,
    TRUST_PROXY: z.string().default("loopback"),
    /** Sends a Server-Timing header (SQL statements and server time of the request); the benchmark sets it. */
    SERVER_TIMING: booleanFlag,
    /** /metrics (Prometheus) answers a request bearing this token; unset (and no METRICS_PORT): 404. */
    METRICS_TOKEN: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine((value) => !value || value.length >= 16, { message: "must be at least 16 characters (a random token)" }),
    /** A second port, on 127.0.0.1 only, that serves /metrics without a token (for a scraper on the same host). */
    METRICS_PORT: z.coerce.number({ message: "must be a port number" }).int().min(1).max(65535).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    LOGIN_CAPTCHA: z.enum(["auto", "always", "never"]).default("auto"),
    /**
     * "always" loads the demo at start (`npm start` and the dev loop set it); "never", the default,
     * seeds nothing. "auto" is still taken, as "never" (docs/decisions/054): a plain start never seeds the demo.
     */
    SEED_DEMO_DATA: z.enum(["auto", "always", "never"]).default("never"),
    TRANSLATE_URL: optionalUrl,
    TRANSLATE_API_KEY: z.string().optional(),
    RSA_PRIVATE_KEY: z.string().optional(),
    // Read only to be refused (RETIRED_VARIABLES).
    FILING_NUMBER: z.string().optional(),
    USER_GUIDE_URL: z.string().optional(),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    /** Where uploads live: our own storage host (DATA_DIR/uploads) or an S3-compatible store. */
    STORAGE: z.enum(["local", "s3"]).default("local"),
    S3_ENDPOINT: optionalUrl,
    /** The endpoint browsers use, when it differs from the one the server uses. */
    S3_PUBLIC_ENDPOINT: optionalUrl,
    S3_REGION: z.string().default("us-east-1"),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: booleanFlag,
    /** Real e-mail through this SMTP server (smtp://user:pass@host:587 or smtps://…:465); unset: the file outbox. */
    SMTP_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine((value) => !value || /^smtps?:\/\/[^/\s]/.test(value), { message: "must start with smtp:// or smtps://" }),
    /** Sender address of every e-mail (outbox and SMTP); default noreply@portal.local. */
    MAIL_FROM: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined)),
    /** SMS: the file outbox by default, or Aliyun / Tencent Cloud with their credentials and templates (server/notify/sms-config.ts). */
    ...smsConfigShape,
    /** The job queue (decision 034): "off" starts none in this process (no reminders; "send now" and invitation batches then send at once). */
    JOBS: z.enum(["on", "off"], { message: "must be on or off" }).default("on"),
    /** Checklist reminders (decision 034): "off" runs no reminder workers or sweep in this process (the organizer's "send now" then sends at once). */
    REMINDERS: z.enum(["on", "off"], { message: "must be on or off" }).default("on"),
    /**
     * The niceness of video renders (decision 037): 15 by default, so that pages stay fast while ffmpeg
     * runs; 0 renders at the pages' priority (the e2e server, where Chromium keeps both cores busy).
     */
    /** Each account's stored files together, in MB, unless the organizer set the account's own (issue 50). */
    UPLOAD_QUOTA_MB: z.coerce.number({ message: "must be a whole number of megabytes (1 or more)" }).int().min(1).max(10_000_000).default(1024),
    VIDEO_NICE: z.coerce.number({ message: "must be a number from 0 to 19" }).int().min(0).max(19).default(15),
    /**
     * The ffmpeg that renders videos (decision 042): an executable's absolute path, e.g. a system
     * ffmpeg kept up to date by the distribution; unset, the packaged build (@ffmpeg-installer/ffmpeg).
     */
    FFMPEG_PATH: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine((value) => !value || (path.isAbsolute(value) && isExecutableFile(value)), { message: "must be the absolute path of an executable ffmpeg" }),
    /** Where `cli.js backup` and the scheduled backups write their archives (decision 058). */
    BACKUP_DIR: z.string().trim().min(1).default("./backups"),
    /** A cron expression (five fields, the server's time zone) for backups on the job queue; unset: none scheduled. */
    BACKUP_SCHEDULE: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine((value) => !value || /^\S+(\s+\S+){4}$/.test(value), {
        message: 'must be a cron expression of five fields, such as "30 2 * * *" (02:30 every day)',
      }),
    /** How many scheduled archives to keep in BACKUP_DIR (the newest). */
    BACKUP_KEEP: z.coerce.number({ message: "must be a whole number from 1 to 1000" }).int().min(1).max(1000).default(7),
    /** Test only: "fast" hashes passwords at test strength (server/auth/password.ts). Refused with NODE_ENV=production. */
    PASSWORD_HASHING: z.enum(["standard", "fast"], { message: "must be standard or fast" }).default("standard"),
    /**
     * Test only: business time starts at this instant (ISO 8601 with an offset) and runs on from
     * there (server/clock.ts). Refused with NODE_ENV=production.
     */
    TEST_CLOCK: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine((value) => !value || (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && Number.isFinite(Date.parse(value))), {
        message: "must be a date and time with an offset, such as 2026-11-23T10:00:00+08:00",
      }),
  })
  .superRefine((env, ctx) => {
    for (const [name, where] of Object.entries(RETIRED_VARIABLES)) {
      if (name in env && (env as Record<string, unknown>)[name]) {
        ctx.addIssue({ code: "custom", path: [name], message: `is no longer read: ${where} (decision 055); unset it` });
      }
    }
    if (env.TEST_CLOCK && env.NODE_ENV === "production") {
      ctx.addIssue({
        code: "custom",
        path: ["TEST_CLOCK"],
        message: "is a test setting and is refused with NODE_ENV=production (unset it, or set NODE_ENV=test)",
      });
    }
    if (env.PASSWORD_HASHING === "fast" && env.NODE_ENV === "production") {
      ctx.addIssue({
        code: "custom",
        path: ["PASSWORD_HASHING"],
        message: "fast is a test setting and is refused with NODE_ENV=production (unset it)",
      });
    }
    if (env.WEB_CONCURRENCY !== 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: "needs DATABASE_URL: the embedded database is owned by one process (unset it, or set DATABASE_URL)",
      });
    }
    checkSmsProvider(env, ctx);
    if (env.STORAGE !== "s3") return;
    for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when STORAGE=s3" });
    }
  });

type RawConfig = z.infer<typeof configSchema>;

export type Config = RawConfig & {
  dataDir: string;
  backupDir: string;
  sessionSecrets: string[];
  secureCookies: boolean;
  /** Base URL of the exhibition API that the web app calls. */
  apiBaseUrl: string;
  usesEmbeddedDatabase: boolean;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Variables whose value is itself a secret: a refusal names them but never prints them. */
const SECRET_NAME = /SECRET|PASSWORD|PRIVATE_KEY|ACCESS_KEY|API_KEY|TOKEN/;

/**
 * A refused value as the boot message shows it (logs are often shipped elsewhere): secrets as
 * "(hidden)", the password in a URL's credentials as "***".
 */
function shownValue(name: string, value: string | undefined) {
  if (value === undefined || value === "") return '""';
  if (SECRET_NAME.test(name)) return "(hidden)";
  return JSON.stringify(value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*):[^@/\s]*@/i, "$1:***@"));
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // For operators: zod's own English wording where a variable's rule has none (not the portal's texts).
  const parsed = configSchema.safeParse(env, { error: z.locales.en().localeError });
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join(".");
        return `${name}=${shownValue(name, env[name])}: ${issue.message}`;
      }),
    );
  }
  const raw = parsed.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  const sessionSecrets = raw.SESSION_SECRET ? raw.SESSION_SECRET.split(",").map((s) => s.trim()) : [];
  return {
    ...raw,
    dataDir,
    backupDir: path.resolve(raw.BACKUP_DIR),
    sessionSecrets,
    secureCookies: raw.PUBLIC_URL?.startsWith("https://") ?? false,
    apiBaseUrl: (raw.API_BASE_URL ?? `http://127.0.0.1:${raw.PORT}/api`).replace(/\/$/, ""),
    usesEmbeddedDatabase: !raw.DATABASE_URL,
  };
}
