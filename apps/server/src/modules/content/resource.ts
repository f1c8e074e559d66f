/**
 * /stManagement and /newSoftText on the resource engine. The editor's HTML is sanitised before
 * it is written (sanitize.ts); an article is written as 草稿 and moves by 批量发布 (草稿 or 已下线 →
 * 已发布, stamped with the time) and 批量下线 (已发布 → 已下线); a 已发布 article is not deleted.
 */
import { SOFT_TEXT } from '@zb/contract/entities/content';
import { ERR } from '@zb/contract/errcodes';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource, type WriteContext } from '../../platform/resource/binding';
import { sanitizeHtml } from './sanitize';
import { softText } from './schema';

/** The HTML as stored; an article whose HTML is nothing once cleaned is refused on its field. */
const cleaned = (html: string): string => {
  const safe = sanitizeHtml(html).trim();
  if (!safe.replace(/<(?!img\b)[^>]*>/gi, '').trim())
    throw fieldError('content', '正文不能为空（不安全的内容已被去除）');
  return safe;
};

const setStatus =
  (to: 'published' | 'offline', from: readonly string[]) =>
  async ({ tx }: WriteContext, ids: readonly number[]): Promise<number> => {
    const rows = await tx
      .update(softText)
      .set({ status: to, ...(to === 'published' ? { publishedAt: sql`now()` } : {}), updatedAt: sql`now()` })
      .where(and(inArray(softText.id, [...ids]), inArray(softText.status, [...from])))
      .returning({ id: softText.id });
    return rows.length;
  };

export const softTextBinding = bindResource({
  decl: SOFT_TEXT,
  table: softText,
  id: softText.id,
  service: {
    create: async ({ tx, auth }, values) => {
      const [row] = await tx
        .insert(softText)
        .values({ ...values, content: cleaned(values.content), createdBy: auth.user.id })
        .returning({ id: softText.id });
      return row!.id;
    },
    update: async ({ tx }, id, values) => {
      const row = { ...values, updatedAt: sql`now()` };
      if (typeof values.content === 'string') row.content = cleaned(values.content);
      await tx.update(softText).set(row).where(eq(softText.id, id));
    },
    remove: async ({ tx }, id, before) => {
      if (before.status === 'published') {
        throw new BizError(ERR.RECORD_IN_USE, `软文「${before.title}」已发布，请先下线再删除`);
      }
      await tx.delete(softText).where(eq(softText.id, id));
    },
    batch: {
      publish: setStatus('published', ['draft', 'offline']),
      offline: setStatus('offline', ['published']),
    },
  },
});
