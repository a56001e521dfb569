// Rate limits of the hosted pay page (docs/api.md, Payment links; docs/decisions.md, "Pay page"), counted in PostgreSQL so
// every API process of a deployment shares them:
//   - requests a minute per client address (every page request, whatever it carries);
//   - pay attempts a minute per (link, client address): at most 10, so one address cannot spend the link's budget;
//   - pay attempts a minute per link: 30.
// Only an attempt that carries a valid form token counts against the two attempt limits (the caller checks
// the token first): a POST without one costs only its address's request budget, so junk from one address
// cannot lock a link's real customers out.
import { createHash } from 'node:crypto';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ApiError } from '../../domain/errors.ts';
import { sharedRateLimiter } from '../../db/rate-limits.ts';
import type { AppDeps } from '../context.ts';

/**
 * A client address as a counter key: as it is, or hashed when it is long (an X-Forwarded-For entry can be any
 * text), so the key always fits the table and a long value cannot make the store fail and let everything through.
 */
const addressKey = (address: string): string => (address.length <= 64 ? address : createHash('sha256').update(address).digest('base64url'));

/**
 * Pay attempts a minute from one client address on one link: a third of the link's (10 of the contract's 30),
 * so no single address can spend a link's whole budget, and a deployment that raises the link's limit raises
 * this with it.
 */
const addressShare = (linkPoints: number): number => Math.ceil(linkPoints / 3);

export interface PayPageLimits {
  /** One page request from `address`; past the limit a 429 with Retry-After. */
  request(address: string): Promise<void>;
  /** One pay attempt (with a valid token) on `linkId` from `address`: the address's share first, then the link's. */
  attempt(linkId: string, address: string): Promise<void>;
}

export function payPageLimits(deps: Pick<AppDeps, 'orm' | 'config' | 'logger'>): PayPageLimits {
  const limiter = (keyPrefix: string, points: number): RateLimiterAbstract =>
    sharedRateLimiter(deps.orm, { keyPrefix, points, duration: 60, transientKeys: true, onStoreError: (err) => deps.logger.warn({ err }, 'pay page rate limit store unavailable') });
  const linkPoints = deps.config.PAYMENT_LINK_ATTEMPTS_PER_MINUTE;
  const perAddress = limiter('pay-page-ip', deps.config.PAYMENT_LINK_PAGE_REQUESTS_PER_MINUTE);
  const perLinkAndAddress = limiter('pay-page-link-ip', addressShare(linkPoints));
  const perLink = limiter('pay-page-link', linkPoints);

  /** Consumes a point; past the limit a 429 page with Retry-After. A store that does not answer lets the request through. */
  const consume = async (rl: RateLimiterAbstract, key: string, what: string): Promise<void> => {
    try {
      await rl.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) return; // the store failed (logged): never lock customers out for it
      const retryAfter = String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      throw new ApiError('rate_limited', `Too many ${what}. Please wait a minute and try again.`, undefined, { 'Retry-After': retryAfter });
    }
  };

  return {
    request: (address) => consume(perAddress, addressKey(address), 'requests from your network'),
    async attempt(linkId, address) {
      // The address's share is spent first: an address past its share is refused without spending the link's.
      const share = `${linkId}/${addressKey(address)}`;
      await consume(perLinkAndAddress, share, 'payment attempts from your network on this link');
      try {
        await consume(perLink, linkId, 'payment attempts on this link');
      } catch (refused) {
        // The link refused the attempt, so it was none: the address gets its point back.
        await perLinkAndAddress.reward(share).catch(() => undefined);
        throw refused;
      }
    },
  };
}
