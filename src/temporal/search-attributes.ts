// Search attributes on every workflow, so an operator finds any payout, batch or collection in the UI.
import { defineSearchAttributeKey, SearchAttributeType, type SearchAttributePair } from '@temporalio/common';
import type { Mode } from '../domain/modes.ts';

export const AccountId = defineSearchAttributeKey('AccountId', SearchAttributeType.KEYWORD);
export const ModeAttr = defineSearchAttributeKey('Mode', SearchAttributeType.KEYWORD);
export const ResourceId = defineSearchAttributeKey('ResourceId', SearchAttributeType.KEYWORD);
export const BatchId = defineSearchAttributeKey('BatchId', SearchAttributeType.KEYWORD);

export const allSearchAttributes = [AccountId, ModeAttr, ResourceId, BatchId];

export function baseSearchAttributes(accountId: string, mode: Mode, resourceId?: string): SearchAttributePair[] {
  const pairs: SearchAttributePair[] = [
    { key: AccountId, value: accountId },
    { key: ModeAttr, value: mode },
  ];
  if (resourceId) pairs.push({ key: ResourceId, value: resourceId });
  return pairs;
}
