import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string, destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "exhibitor-portal" },
    // Never log secrets even if a handler passes a whole body by mistake.
    redact: {
      paths: ["password", "newPassword", "*.password", "*.newPassword", "req.headers.cookie", "req.headers.ticket", 'res.headers["set-cookie"]'],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
