/**
 * /jointLabelConfig on the resource engine: the links (a member tag to a WeCom tag; a rule tag
 * only toward WeCom) and the WeCom customers as the last sync read them, in the data scope of the
 * store of the staff member who added each.
 */
import { SCRM_CONTACT, SCRM_TAG_LINK } from '@zb/contract/entities/scrm';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { fieldError } from '../../platform/errors';
import { bindResource } from '../../platform/resource/binding';
import { memberTag } from '../memberCare/schema';
import { member } from '../members/schema';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';
import { scrmContact, scrmTagLink } from './schema';

const checkLink = async (tx: Tx, tagId: unknown, direction: unknown) => {
  if (typeof tagId !== 'number') return;
  const [t] = await tx.select({ kind: memberTag.kind }).from(memberTag).where(eq(memberTag.id, tagId));
  if (!t) throw fieldError('memberTagId', '会员标签不存在');
  if (t.kind === 'rule' && direction !== 'toWecom') {
    throw fieldError('direction', '规则标签由规则计算，只能选择「会员标签→企业微信」');
  }
};

export const scrmTagLinkBinding = bindResource({
  decl: SCRM_TAG_LINK,
  table: scrmTagLink,
  id: scrmTagLink.id,
  columns: {
    memberTagName: memberTag.name,
    memberTagKind: memberTag.kind,
    contacts: sql<number>`(select count(*)::int from scrm_contact c
      where c.removed_at is null and ${scrmTagLink.wecomTagId} = any(c.tags))`,
  },
  joins: [{ table: memberTag, on: eq(memberTag.id, scrmTagLink.memberTagId), inner: true }],
  uniques: { scrm_tag_link_member_tag_uq: 'memberTagId', scrm_tag_link_wecom_uq: 'wecomTagName' },
  service: {
    create: async ({ tx }, values) => {
      await checkLink(tx, values.memberTagId, values.direction);
      const [row] = await tx.insert(scrmTagLink).values(values).returning({ id: scrmTagLink.id });
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      const [now] = await tx.select().from(scrmTagLink).where(eq(scrmTagLink.id, id));
      await checkLink(tx, values.memberTagId ?? now?.memberTagId, values.direction ?? before.direction);
      const renamed =
        (values.wecomGroup !== undefined && values.wecomGroup !== before.wecomGroup) ||
        (values.wecomTagName !== undefined && values.wecomTagName !== before.wecomTagName);
      await tx
        .update(scrmTagLink)
        .set({ ...values, ...(renamed ? { wecomTagId: null } : {}), updatedAt: sql`now()` })
        .where(eq(scrmTagLink.id, id));
    },
  },
});

export const scrmContactBinding = bindResource({
  decl: SCRM_CONTACT,
  table: scrmContact,
  id: scrmContact.id,
  columns: {
    memberName: member.name,
    memberPhone: member.phone,
    storeName: store.name,
    staffName: staff.name,
    tagsText: sql<string>`(select string_agg(w.name, '、' order by w.group_name, w.name) from scrm_wecom_tag w
      where w.tag_id = any(${scrmContact.tags}))`,
  },
  joins: [
    { table: member, on: eq(member.id, scrmContact.memberId) },
    { table: store, on: eq(store.id, scrmContact.storeId) },
    { table: staff, on: eq(staff.id, scrmContact.staffId) },
  ],
  scope: { store: scrmContact.storeId },
});
