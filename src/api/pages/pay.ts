// The hosted page of a payment link (`short_url` = {PUBLIC_BASE_URL}/pay/{id}): no API key, works without
// JavaScript on a phone. Server-rendered (pay-render.ts), a strict Content-Security-Policy, and rate limits
// per client address, per (link, address) and per link (pay-limits.ts).
//
//   GET  /pay/:id                       the link: business, amount due, description, UPI QR code, a form (pay-link.ts)
//   POST /pay/:id                       a pay attempt (form token, vpa, amount for partial links) → 303 to
//                                       the outcome (pay-attempt.ts)
//   GET  /pay/:id/payments/:payment_id  the attempt's outcome; refreshes itself while pending; a success
//                                       with callback_url goes on there (pay-outcome.ts)
import type Router from '@koa/router';
import type { AppDeps, ApiState } from '../context.ts';
import { bodyParsing } from '../middleware/body.ts';
import { payAttempt } from './pay-attempt.ts';
import { formTokens } from './pay-form.ts';
import { payPageLimits } from './pay-limits.ts';
import { linkPages } from './pay-link.ts';
import { paymentOutcome } from './pay-outcome.ts';
import { pageFrame, stylesheet } from './pay-render.ts';

export { type FormTokens, formTokens, parseRupees } from './pay-form.ts';

const FORM_BODY_LIMIT = 8 * 1024;

export function payPageRoutes(router: Router<ApiState>, deps: AppDeps): void {
  const tokens = formTokens(deps.secrets.derive('payment-link-form'));
  const limits = payPageLimits(deps);
  const pages = linkPages(deps, tokens);

  router.get('/pay/assets/pay.css', (ctx) => {
    ctx.type = 'text/css; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = stylesheet;
  });

  router.use(
    '/pay/:id',
    pageFrame(deps.logger),
    async (ctx, next) => {
      await limits.request(ctx.ip);
      await next();
    },
    bodyParsing({ defaultLimit: FORM_BODY_LIMIT }),
  );

  router.get('/pay/:id', async (ctx) => {
    await pages.showLink(ctx, await pages.loadLink(ctx));
  });
  router.post('/pay/:id', payAttempt(deps, tokens, limits, pages));
  router.get('/pay/:id/payments/:paymentId', paymentOutcome(pages));
}
