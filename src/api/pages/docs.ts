// The API reference a person reads: GET /docs renders GET /v1/openapi.json with Redoc, the kept renderer
// installed from npm (its standalone bundle, served from here: no CDN, no font service, it works offline).
// No API key, like the document itself.
//
//   GET /docs                        the page: a <redoc spec-url> element the bundle fills in on load
//   GET /docs/redoc.standalone.js    the bundle from node_modules (gzip when the browser takes it)
//
// The page has no inline script, so the Content-Security-Policy allows scripts from this origin only. Redoc
// injects its styles at run time (styled-components) and runs its search index in a blob: worker; the policy
// allows those two and nothing from elsewhere.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type Router from '@koa/router';
import type { ApiState } from '../context.ts';
import { OPENAPI_PATH } from '../routes/openapi.ts';

export const DOCS_PATH = '/docs';
const BUNDLE_PATH = `${DOCS_PATH}/redoc.standalone.js`;

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>paygate API reference</title>
</head>
<body>
<noscript>This reference needs JavaScript. The document itself is at <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</noscript>
<redoc spec-url="${OPENAPI_PATH}" required-props-first path-in-middle-panel></redoc>
<script src="${BUNDLE_PATH}"></script>
</body>
</html>
`;

interface Bundle {
  plain: Buffer;
  gzip: Buffer;
}

let bundle: Bundle | undefined;

/** Redoc's standalone bundle, read and compressed once per process, on first use. */
function redocBundle(): Bundle {
  if (!bundle) {
    const plain = readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'));
    bundle = { plain, gzip: gzipSync(plain, { level: 9 }) };
  }
  return bundle;
}

export function docsRoutes(router: Router<ApiState>): void {
  router.get(DOCS_PATH, (ctx) => {
    ctx.set('Content-Security-Policy', CSP);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = PAGE;
  });
  router.get(BUNDLE_PATH, (ctx) => {
    const { plain, gzip } = redocBundle();
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.vary('Accept-Encoding');
    ctx.type = 'text/javascript; charset=utf-8';
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = gzip;
    } else {
      ctx.body = plain;
    }
  });
}
