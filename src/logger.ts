// Structured JSON logs (pino). Secrets never reach a log line: credentials are redacted by path,
// and request logging records method, path, status and ids only, never bodies or headers wholesale.
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** `destination`: where the lines go (stdout when absent; a test captures them to search for secrets). */
export function createLogger(level: string, name = 'paygate', destination?: DestinationStream): Logger {
  const options = {
    name,
    level,
    redact: {
      paths: ['authorization', 'headers.authorization', 'req.headers.authorization', '*.secret', 'secret', 'sandbox_key', '*.sandbox_key', 'password'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
