// Search attributes on every workflow, so an operator finds any payout, batch or collection in the UI.
// Used by the API's gateway and by workflows starting children (@temporalio/common is deterministic data).
import { defineSearchAttributeKey, SearchAttributeType, type SearchAttributePair } from '@temporalio/common';
import type { Mode } from './modes.ts';

export const AccountId = defineSearchAttributeKey('AccountId', SearchAttributeType.KEYWORD);
export const ModeAttr = defineSearchAttributeKey('Mode', SearchAttributeType.KEYWORD);
export const ResourceId = defineSearchAttributeKey('ResourceId', SearchAttributeType.KEYWORD);
export const BatchId = defineSearchAttributeKey('BatchId', SearchAttributeType.KEYWORD);
/** On webhook delivery retries (whose ResourceId is the event): deleting an endpoint finds them by it. */
export const EndpointId = defineSearchAttributeKey('EndpointId', SearchAttributeType.KEYWORD);

export const allSearchAttributes = [AccountId, ModeAttr, ResourceId, BatchId, EndpointId];

export function baseSearchAttributes(accountId: string, mode: Mode, resourceId?: string): SearchAttributePair[] {
  const pairs: SearchAttributePair[] = [
    { key: AccountId, value: accountId },
    { key: ModeAttr, value: mode },
  ];
  if (resourceId) pairs.push({ key: ResourceId, value: resourceId });
  return pairs;
}

/** A webhook delivery: the event is its resource (what operators look for), the endpoint beside it. */
export function webhookDeliveryAttributes(accountId: string, mode: Mode, eventId: string, endpointId: string): SearchAttributePair[] {
  return [...baseSearchAttributes(accountId, mode, eventId), { key: EndpointId, value: endpointId }];
}
