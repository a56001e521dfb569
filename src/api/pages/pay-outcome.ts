// A pay attempt's outcome page (GET /pay/:id/payments/:payment_id): refreshes itself while the payment is
// pending; a success with callback_url goes on there (callers confirm by the API, never by the redirect).
import { ApiError } from '../../domain/errors.ts';
import { isIdOf } from '../../domain/ids.ts';
import { formatRupees } from '../../domain/money.ts';
import { callbackTarget, isPayable } from '../../domain/payment-links.ts';
import { PaymentEntity, type Payment, type PaymentLink } from '../../db/entities.ts';
import type { ApiRouterContext } from '../context.ts';
import type { LinkPages } from './pay-link.ts';
import { type Layout, type Message, renderMessage } from './pay-render.ts';

/** What the page says of a captured payment: thanks, the rest still due, or on to the business's site. */
function capturedMessage(layout: Layout, link: PaymentLink, payment: Payment, paidText: string): Message {
  const target = link.callbackUrl ? callbackTarget(link.callbackUrl, { linkId: link.id, paymentId: payment.id, status: 'paid' }) : undefined;
  const due = Number(link.amount) - Number(link.amountPaid);
  const more = due > 0 && isPayable(link.status);
  return {
    ...layout,
    ...(target ? { refresh: { seconds: 2, url: target } } : {}),
    headline: 'Payment successful',
    tone: 'ok',
    detail: target ? 'Taking you back to the business…' : more ? `${formatRupees(due)} is still due on this link.` : 'Thank you. You can close this page.',
    amountText: `Paid ${paidText}`,
    paymentId: payment.id,
    ...(target ? { action: { href: target, label: 'Continue' } } : more ? { action: { href: `/pay/${link.id}`, label: 'Pay the rest' } } : {}),
  };
}

export function paymentOutcome(pages: LinkPages) {
  const { loadLink, layoutOf } = pages;
  return async (ctx: ApiRouterContext): Promise<void> => {
    const link = await loadLink(ctx);
    const paymentId = ctx.params.paymentId;
    const payment = isIdOf('payment', paymentId) ? await ctx.state.em.findOne(PaymentEntity, { id: paymentId, paymentLinkId: link.id }) : null;
    if (!payment) throw new ApiError('not_found', 'There is no such payment on this link.');
    const paidText = formatRupees(Number(payment.amount));
    switch (payment.status) {
      case 'pending': {
        const layout = await layoutOf(ctx, link, 'Payment in progress');
        renderMessage(ctx, 200, {
          ...layout,
          refresh: { seconds: 2 },
          headline: 'Payment in progress',
          detail: 'Approve the request in your UPI app. This page updates by itself.',
          amountText: paidText,
          paymentId: payment.id,
        });
        return;
      }
      case 'captured':
        renderMessage(ctx, 200, capturedMessage(await layoutOf(ctx, link, 'Payment successful'), link, payment, paidText));
        return;
      case 'failed': {
        const layout = await layoutOf(ctx, link, 'Payment declined');
        const again = isPayable(link.status) && link.expireBy.getTime() > Date.now();
        renderMessage(ctx, 200, {
          ...layout,
          headline: 'Payment declined',
          tone: 'bad',
          detail: `${payment.failureMessage ?? 'The payment was declined.'} No money was taken.`,
          amountText: paidText,
          paymentId: payment.id,
          ...(again ? { action: { href: `/pay/${link.id}`, label: 'Try again' } } : {}),
        });
        return;
      }
      default:
        payment.status satisfies never;
    }
  };
}
