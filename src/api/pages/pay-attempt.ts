// A pay attempt (POST /pay/:id): the form's token first, then the attempt limits, then the customer's input,
// then one payment through the link's workflow, and a 303 to its outcome page.
import { VPA_PATTERN } from '../../domain/payments.ts';
import { PaymentLinkEntity } from '../../db/entities.ts';
import type { AppDeps, ApiRouterContext } from '../context.ts';
import { type FormTokens, parseRupees } from './pay-form.ts';
import type { PayPageLimits } from './pay-limits.ts';
import { type LinkPages, payableHere } from './pay-link.ts';
import { renderMessage } from './pay-render.ts';

export function payAttempt(deps: Pick<AppDeps, 'temporal'>, tokens: FormTokens, limits: PayPageLimits, pages: LinkPages) {
  const { loadLink, layoutOf, showLink } = pages;
  return async (ctx: ApiRouterContext): Promise<void> => {
    const link = await loadLink(ctx);
    const body = ctx.state.body;
    const field = (name: string): string => (typeof body[name] === 'string' ? (body[name] as string) : '');
    const token = field('token');
    // Checked before anything is counted: a POST without a valid token is no attempt and spends nothing of
    // the link's budget (only its address's request budget, spent by every page request).
    if (!tokens.check(link.id, token)) {
      const layout = await layoutOf(ctx, link, 'Please reload');
      renderMessage(ctx, 400, { ...layout, headline: 'This page is out of date', tone: 'bad', detail: 'Nothing was charged. Open the link again to pay.', action: { href: `/pay/${link.id}`, label: 'Open the link again' } });
      return;
    }
    await limits.attempt(link.id, ctx.ip);
    if (!payableHere(link)) {
      const layout = await layoutOf(ctx, link, 'Not payable here yet');
      renderMessage(ctx, 409, { ...layout, headline: 'This link cannot be paid here yet', tone: 'bad', detail: 'Nothing was charged.' });
      return;
    }
    const vpa = field('vpa').trim();
    const amountText = field('amount').trim();
    if (!VPA_PATTERN.test(vpa)) {
      await showLink(ctx, link, 400, { problem: 'Enter a UPI ID such as yourname@bank.', vpa, amount: amountText });
      return;
    }
    const due = Number(link.amount) - Number(link.amountPaid);
    const amount = link.acceptPartial ? parseRupees(amountText) : due;
    if (amount === undefined || amount <= 0) {
      await showLink(ctx, link, 400, { problem: 'Enter the amount in rupees, such as 500 or 500.50.', vpa, amount: amountText });
      return;
    }
    const outcome = await deps.temporal.payPaymentLink(link.id, { token, amount, vpa });
    if (outcome.kind === 'attempted') {
      ctx.status = 303;
      ctx.redirect(`/pay/${link.id}/payments/${outcome.paymentId}`);
      return;
    }
    const fresh = (await ctx.state.em.fork().findOne(PaymentLinkEntity, { id: link.id })) ?? link;
    if (outcome.reason === 'amount') {
      await showLink(ctx, fresh, 400, { problem: outcome.message, vpa, amount: amountText });
      return;
    }
    const layout = await layoutOf(ctx, fresh, 'Payment not started');
    renderMessage(ctx, 409, {
      ...layout,
      headline: outcome.reason === 'busy' ? 'A payment is already in progress' : 'This link takes no payment',
      tone: 'bad',
      detail: `${outcome.message} Nothing was charged for this attempt.`,
      action: { href: `/pay/${link.id}`, label: 'Back to the link' },
    });
  };
}
