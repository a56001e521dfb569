// The hosted authorization page of a mandate (`authorization_url` = {PUBLIC_BASE_URL}/mandates/{id}/authorize): no
// API key, works without JavaScript on a phone. The customer sees the business, the maximum amount, the frequency
// and the validity, and approves from their UPI ID. Server-rendered like the pay page (pay-render.ts: strict CSP,
// everything escaped), with the pay page's signed form tokens and rate limits (pay-form.ts, pay-limits.ts).
//
//   GET  /mandates/:id/authorize   the terms and the form; once answered, the outcome (refreshes while an approval is on its way)
//   POST /mandates/:id/authorize   the customer's answer (form token, vpa) → 303 back to the page
//
// Sandbox: success@upi approves, failure@upi rejects, slow@upi approves after SANDBOX_SLOW_DELAY_MS. A live
// mandate's page takes no answer: it shows the provider's UPI AutoPay registration (its intent link as a button and a
// QR code), which the customer approves in their UPI app, and refreshes until the provider tells us the outcome.
import type Router from '@koa/router';
import { ApiError } from '../../domain/errors.ts';
import { isIdOf } from '../../domain/ids.ts';
import { type MandateStatus, frequencyText } from '../../domain/mandates.ts';
import { formatRupees } from '../../domain/money.ts';
import { VPA_PATTERN } from '../../domain/payments.ts';
import { AccountEntity, MandateEntity, type Mandate } from '../../db/entities.ts';
import type { AppDeps, ApiRouterContext, ApiState } from '../context.ts';
import { bodyParsing } from '../middleware/body.ts';
import { type FormTokens, formTokens } from './pay-form.ts';
import { payPageLimits } from './pay-limits.ts';
import { type Layout, drawQr, kolkataTime, pageFrame, render, renderMessage } from './pay-render.ts';

const FORM_BODY_LIMIT = 8 * 1024;
const PATH = '/mandates/:id/authorize';

const outcomes: Record<Exclude<MandateStatus, 'created'>, { headline: string; tone: 'ok' | 'bad'; detail: string }> = {
  active: { headline: 'Mandate approved', tone: 'ok', detail: 'The business may now debit your UPI ID within these terms. Each debit is announced to you at least 24 hours ahead.' },
  paused: { headline: 'Mandate paused', tone: 'bad', detail: 'No debits happen while it is paused. Resume it in your UPI app.' },
  rejected: { headline: 'Mandate declined', tone: 'bad', detail: 'Nothing will be debited. Ask the business for a new mandate if this was a mistake.' },
  revoked: { headline: 'Mandate revoked', tone: 'bad', detail: 'Nothing more will be debited.' },
  expired: { headline: 'Mandate expired', tone: 'bad', detail: 'Nothing more will be debited. Ask the business for a new mandate.' },
};

interface FormState {
  problem?: string;
  vpa?: string;
}

function mandatePages(tokens: FormTokens) {
  const load = async (ctx: ApiRouterContext): Promise<Mandate> => {
    const id = ctx.params.id;
    const mandate = isIdOf('mandate', id) ? await ctx.state.em.findOne(MandateEntity, { id }) : null;
    if (!mandate) throw new ApiError('not_found', 'There is no mandate at this address. Check the link you were sent.');
    return mandate;
  };
  const layoutOf = async (ctx: ApiRouterContext, mandate: Mandate, title: string): Promise<Layout> => {
    const account = await ctx.state.em.findOne(AccountEntity, { id: mandate.accountId }, { fields: ['name'] });
    return { title, merchant: account?.name ?? '', sandbox: mandate.mode === 'sandbox' };
  };
  const show = async (ctx: ApiRouterContext, mandate: Mandate, status = 200, form: FormState = {}): Promise<void> => {
    const unapprovedPast = mandate.status === 'created' && mandate.authorizationExpiresAt.getTime() <= Date.now();
    const final = unapprovedPast ? 'expired' : mandate.status;
    const maxAmountText = formatRupees(Number(mandate.maxAmount));
    if (final !== 'created') {
      const outcome = outcomes[final];
      const layout = await layoutOf(ctx, mandate, outcome.headline);
      renderMessage(ctx, status, { ...layout, ...outcome, amountText: `Up to ${maxAmountText}, ${frequencyText[mandate.frequency].toLowerCase()}` });
      return;
    }
    const live = mandate.mode === 'live';
    // Live: approved in the customer's UPI app, by the provider's intent link (a button on a phone, a QR code to scan
    // from another screen); until the registration is made, the page says so and refreshes.
    const intentUrl = live ? (mandate.authorizationIntentUrl ?? null) : null;
    const preparing = live && !mandate.providerRegistrationReference;
    const waiting = (mandate.authorizationStartedAt !== null && mandate.authorizationStartedAt !== undefined) || live;
    const layout = await layoutOf(ctx, mandate, `Approve a mandate of up to ${maxAmountText}`);
    render(ctx, status, 'mandate', {
      ...layout,
      ...(waiting ? { refresh: { seconds: preparing ? 3 : 10 } } : {}),
      live,
      preparing,
      intentUrl: intentUrl ?? '',
      qrSvg: intentUrl ? await drawQr(intentUrl) : '',
      mandateId: mandate.id,
      maxAmountText,
      frequencyText: frequencyText[mandate.frequency],
      validityText: `${kolkataTime.format(mandate.startAt)} to ${kolkataTime.format(mandate.expireAt)} IST`,
      vpa: form.vpa ?? mandate.vpa,
      description: mandate.description ?? '',
      problem: form.problem ?? '',
      waiting,
      token: waiting ? '' : tokens.issue(mandate.id),
      authorizationExpiresText: `${kolkataTime.format(mandate.authorizationExpiresAt)} IST`,
    });
  };
  return { load, layoutOf, show };
}

export function mandatePageRoutes(router: Router<ApiState>, deps: AppDeps): void {
  // A key of its own: a pay form's token never approves a mandate.
  const tokens = formTokens(deps.secrets.derive('mandate-form'));
  const limits = payPageLimits(deps);
  const pages = mandatePages(tokens);

  router.use(
    PATH,
    pageFrame(deps.logger, 'Mandate not found'),
    async (ctx, next) => {
      await limits.request(ctx.ip);
      await next();
    },
    bodyParsing({ defaultLimit: FORM_BODY_LIMIT }),
  );

  router.get(PATH, async (ctx) => {
    await pages.show(ctx, await pages.load(ctx));
  });

  router.post(PATH, async (ctx) => {
    const mandate = await pages.load(ctx);
    const body = ctx.state.body;
    const field = (name: string): string => (typeof body[name] === 'string' ? (body[name] as string) : '');
    // Checked before anything is counted: a POST without a valid token is no answer and spends nothing of the mandate's budget.
    if (!tokens.check(mandate.id, field('token'))) {
      const layout = await pages.layoutOf(ctx, mandate, 'Please reload');
      renderMessage(ctx, 400, { ...layout, headline: 'This page is out of date', tone: 'bad', detail: 'Nothing was approved. Open the page again.', action: { href: `/mandates/${mandate.id}/authorize`, label: 'Open the page again' } });
      return;
    }
    await limits.attempt(mandate.id, ctx.ip);
    if (mandate.mode !== 'sandbox') {
      const layout = await pages.layoutOf(ctx, mandate, 'Approve in your UPI app');
      renderMessage(ctx, 409, { ...layout, headline: 'This mandate is approved in your UPI app', tone: 'bad', detail: 'Nothing was approved here. Open the page again for the button and the QR code.', action: { href: `/mandates/${mandate.id}/authorize`, label: 'Open the page again' } });
      return;
    }
    const vpa = field('vpa').trim();
    if (!VPA_PATTERN.test(vpa)) {
      await pages.show(ctx, mandate, 400, { problem: 'Enter a UPI ID such as yourname@bank.', vpa });
      return;
    }
    const outcome = await deps.temporal.authorizeMandate(mandate.id, vpa);
    if (outcome.kind === 'refused') {
      const fresh = (await ctx.state.em.fork().findOne(MandateEntity, { id: mandate.id })) ?? mandate;
      await pages.show(ctx, fresh, 409);
      return;
    }
    ctx.status = 303;
    ctx.redirect(`/mandates/${mandate.id}/authorize`);
  });
}
