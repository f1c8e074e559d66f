/** Tags and words of 意向金 shown on its pages, from the contract's declarations. */

import { INTENT_FLOW, INTENT_PAY_METHODS, INTENT_SOURCES } from '@zb/contract/entities/intentDeposit';
import type { FlowDecl } from '@zb/contract/flow';
import { stateLabel } from '@zb/contract/flow';
import { enumLabel } from '@zb/contract/resource/define';
import { formatYuan } from '@zb/contract/resource/format';
import { Tag } from 'antd';

export const stateTag = (flow: FlowDecl, state: string) => (
  <Tag color={flow.states.find((s) => s.value === state)?.color}>{stateLabel(flow, state)}</Tag>
);

export const depositTag = (state: string) => stateTag(INTENT_FLOW, state);

export const payMethodLabel = (v: string) => enumLabel(INTENT_PAY_METHODS, v);
export const sourceLabel = (v: string) => enumLabel(INTENT_SOURCES, v);
export const yuan = (fen: number) => `¥${formatYuan(fen)}`;
