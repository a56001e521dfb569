// The payment gateway of each connection for the worker's activities (settlements, link QR codes), built from the
// connection's row with its key secret unsealed here, as the live payout rail is, at the same shared pace. A link's
// QR code the provider refuses as a set-up error (QR image content not enabled, docs/live-money.md) marks the
// connection's `payments` capability and is not retried by itself; a code made clears the mark.
import { ApplicationFailure } from '@temporalio/common';
import { isProviderSetupError } from '../../../connectors/errors.ts';
import { noteSetupAnswer } from '../../../db/connection-attention.ts';
import type { Logger } from '../../../logger.ts';
import { connectionCredentialsVersion } from '../../../db/connections.ts';
import { boundConnection } from '../../../db/object-connections.ts';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ProviderGateway, ProviderGateways } from '../../../rails/provider.ts';
import { connectedSettings } from './connected.ts';
import type { SecretBox } from '../../../db/sealed.ts';
import { providerPace } from './live-payout-rail.ts';

export function createLiveGateways(options: { orm: MikroORM; secrets: SecretBox; maxRps: number; checkAgainInMs: number; logger?: Logger }): ProviderGateways {
  const { orm } = options;
  const pace = providerPace(orm, options.maxRps);
  const gateways = new Map<string, ProviderGateway>();
  async function built(connectionId: string, version: number | null): Promise<ProviderGateway | null> {
    // Keyed by the settings version when known, so a rotated key is used from its rotation on.
    const key = `${connectionId}/${version ?? (await connectionCredentialsVersion(orm.em.fork(), connectionId))}`;
    const cached = gateways.get(key);
    if (cached) return cached;
    const connected = await connectedSettings({ ...options, pace }, connectionId);
    if (!connected) return null;
    const gateway = connected.connector.createGateway(connected.settings);
    gateways.set(key, gateway);
    return gateway;
  }
  /** The gateway whose QR codes say what they tell of the connection's set-up. */
  function noticingSetup(connectionId: string, gateway: ProviderGateway): ProviderGateway {
    return {
      ...gateway,
      async createLinkQr(input) {
        try {
          const qr = await gateway.createLinkQr(input);
          await noteSetupAnswer(orm.em.fork(), options.logger, connectionId, 'payments', null);
          return qr;
        } catch (err) {
          if (!isProviderSetupError(err)) throw err;
          await noteSetupAnswer(orm.em.fork(), options.logger, connectionId, 'payments', { reason: err.reason, description: err.description });
          throw ApplicationFailure.create({ message: err.message, type: 'ProviderSetupError', nonRetryable: true });
        }
      },
    };
  }
  return {
    ofConnection: (connectionId) => built(connectionId, null),
    async ofLink(linkId, bind) {
      const bound = await boundConnection(orm.em.fork(), 'payment_links', linkId, bind);
      const gateway = bound ? await built(bound.connectionId, bound.credentialsVersion) : null;
      return bound && gateway ? { connectionId: bound.connectionId, status: bound.status, gateway: noticingSetup(bound.connectionId, gateway) } : null;
    },
  };
}
