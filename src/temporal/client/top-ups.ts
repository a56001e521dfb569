// Top-ups through the gateway: one workflow per idempotency key, answered once the top-up is written.
import { newId } from '../../domain/ids.ts';
import type { Mode } from '../../domain/modes.ts';
import { formatRupees } from '../../domain/money.ts';
import { topUpWorkflowId } from '../../domain/workflow-ids.ts';
import { TopUpEntity } from '../../db/entities.ts';
import { topUpView } from '../../db/views.ts';
import type { TopUpResponse } from '../../contract/top-ups.ts';
import { createTopUpUpdate, topUpWorkflow } from '../../../workflows/top-up.ts';
import type { Mechanism } from './mechanism.ts';

export interface CreateTopUpInput {
  accountId: string;
  mode: Mode;
  /** The caller's Idempotency-Key (or a fresh one the API made up when there was none). */
  idempotencyKey: string;
  amount: number;
  currency: 'INR';
  description: string | null;
  metadata: Record<string, string>;
}

export interface TopUpGateway {
  /** Answers once the top-up and its posting are written. */
  createTopUp(input: CreateTopUpInput): Promise<TopUpResponse>;
}

export function topUpGateway(m: Mechanism): TopUpGateway {
  return {
    createTopUp(input) {
      const topUpId = newId('topUp');
      return m.startOrJoin({
        workflow: topUpWorkflow,
        workflowId: topUpWorkflowId(input.accountId, input.mode, input.idempotencyKey),
        args: [{ topUpId, ...input }],
        update: createTopUpUpdate,
        subject: { ...input, resourceId: topUpId, summary: `Top-up ${formatRupees(input.amount)}` },
        what: 'top-up',
        createdBy: m.createdBy(TopUpEntity, topUpView, input),
      });
    },
  };
}
