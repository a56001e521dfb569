// Settlements through the gateway: the sandbox test helper's "settle now", one settlement run workflow.
import { newId } from '../../domain/ids.ts';
import type { Mode } from '../../domain/modes.ts';
import { settlementRunWorkflowId } from '../../domain/workflow-ids.ts';
import { SettlementEntity } from '../../db/entities.ts';
import { settlementView } from '../../db/views.ts';
import type { SettlementResponse } from '../../contract/settlements.ts';
import { settlementRunWorkflow } from '../../../workflows/settlement.ts';
import { classify, startOptions, type Mechanism } from './mechanism.ts';

export interface SettlementGateway {
  /** Settles the account + mode now (sandbox test helper); the settlements it created (none or one). */
  runSettlement(input: { accountId: string; mode: Mode; simulate?: readonly string[] }): Promise<SettlementResponse[]>;
}

export function settlementGateway(m: Mechanism): SettlementGateway {
  return {
    async runSettlement(input) {
      const settlementId = newId('settlement');
      let created: string[];
      try {
        created = await m.answering(() =>
          m.client.workflow.execute(settlementRunWorkflow, {
            workflowId: settlementRunWorkflowId(settlementId),
            taskQueue: m.settings.taskQueue,
            args: [{ ...input, settlementId }],
            ...startOptions({ ...input, resourceId: settlementId, summary: `Settlement run for ${input.accountId} (${input.mode})` }),
          }),
        );
      } catch (err) {
        throw classify(err, 'settlement');
      }
      // The workflow answers ids only (an amount is a sum that a history payload could round): read the rows.
      const rows = created.length === 0 ? [] : await m.orm.em.fork().find(SettlementEntity, { id: { $in: created } }, { orderBy: { id: 'asc' } });
      return rows.map(settlementView);
    },
  };
}
