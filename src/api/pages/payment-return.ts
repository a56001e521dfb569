// Where a live netbanking payment sends its customer back when the payment names no `return_url` (docs/api.md, Live
// payments): a plain page, no API key, that says the payment is being confirmed. It shows nothing of the payment (the
// provider's callback is not trusted as an outcome: the webhook and the lookup decide), so it needs no lookup.
import type Router from '@koa/router';
import type { ApiState } from '../context.ts';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment received</title></head><body><main><h1>Thank you</h1>
<p id="status">Your bank has sent you back. The payment is being confirmed; the business will tell you its outcome.</p></main></body></html>`;

export function paymentReturnRoutes(router: Router<ApiState>): void {
  const answer = (ctx: { set(h: Record<string, string>): void; type: string; body: unknown }) => {
    ctx.set({ 'content-security-policy': "default-src 'none'", 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = PAGE;
  };
  router.get('/payments/:id/return', answer);
  // The provider's callback POSTs the outcome's fields here (form-encoded): read by nobody.
  router.post('/payments/:id/return', answer);
}
