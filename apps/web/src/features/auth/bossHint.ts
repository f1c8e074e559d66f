/** The data of LOGIN-51005 (BossAuthorityHint), when the server sent one. */
import type { BossAuthorityHint } from '@zb/contract/api/auth';

export const bossHintIn = (data: unknown): BossAuthorityHint | null => {
  if (!data || typeof data !== 'object') return null;
  const { userId, authority } = data as Partial<Record<keyof BossAuthorityHint, unknown>>;
  return typeof userId === 'number' && typeof authority === 'string' && authority ? { userId, authority } : null;
};
