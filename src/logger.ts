// Structured JSON logs (pino). Secrets never reach a log line: credentials are redacted by path,
// and request logging records method, path, status and ids only, never bodies or headers wholesale.
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string, name = 'paygate'): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: ['authorization', 'headers.authorization', 'req.headers.authorization', '*.secret', 'secret', 'sandbox_key', '*.sandbox_key', 'password'],
      censor: '[redacted]',
    },
  });
}
