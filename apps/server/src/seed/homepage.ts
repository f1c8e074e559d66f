/**
 * Demo data of /homepageManagement (issue 16): banner and icon images in the file store as
 * uploads are, a home page published through the same service as 发布 (three banners, five
 * navigation icons, six recommended goods, a notice), and a draft changed since, not yet published.
 */
import { finished } from 'node:stream/promises';
import { uploadedImageUrl } from '@zb/contract/api/uploads';
import type { HomeDoc } from '@zb/contract/entities/homepage';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { softText } from '../modules/content/schema';
import { product, project } from '../modules/goods/schema';
import { publishHome, saveHomeDraft } from '../modules/homepage/service';
import { createFileWriter } from '../platform/files/store';
import { rgbPng } from './png';

/** A gradient from one colour to another, left to right, with a soft band. */
const gradient = (w: number, h: number, from: readonly number[], to: readonly number[]) =>
  rgbPng(w, h, (x, y) => {
    const t = x / (w - 1);
    const band = Math.abs(y - h / 2) < h / 10 ? 18 : 0;
    return [0, 1, 2].map((i) => Math.round(from[i]! + (to[i]! - from[i]!) * t) + band) as unknown as [
      number,
      number,
      number,
    ];
  });

const saveImage = async (tx: Tx, name: string, png: Buffer): Promise<string> => {
  const writer = createFileWriter(tx, { ownerUserId: null, kind: 'upload', name, mime: 'image/png' });
  writer.end(png);
  await finished(writer);
  return uploadedImageUrl(writer.id);
};

const BANNERS = [
  { title: '秋冬头皮养护季', from: [214, 120, 90], to: [245, 196, 150] },
  { title: '新客首次体验 99 元', from: [70, 120, 190], to: [150, 200, 235] },
  { title: '会员日储值加赠', from: [120, 90, 170], to: [205, 170, 230] },
] as const;
const NAVS = ['预约到店', '会员卡', '积分商城', '头皮检测', '附近门店'] as const;

export const seedHomepage = async (tx: Tx): Promise<void> => {
  const [admin] = await tx.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.loginName, 'admin'));
  if (!admin) return;
  const products = await tx
    .select({ id: product.id })
    .from(product)
    .where(eq(product.status, 'on'))
    .orderBy(asc(product.id))
    .limit(3);
  const projects = await tx
    .select({ id: project.id })
    .from(project)
    .where(eq(project.status, 'on'))
    .orderBy(asc(project.id))
    .limit(3);
  const [article] = await tx
    .select({ id: softText.id })
    .from(softText)
    .where(and(eq(softText.status, 'published')))
    .orderBy(asc(softText.id))
    .limit(1);
  const banners = [];
  for (const [i, b] of BANNERS.entries()) {
    const image = await saveImage(tx, `首页轮播-${i + 1}.png`, gradient(375, 160, b.from, b.to));
    const link =
      i === 0 && article
        ? { kind: 'softText' as const, targetId: article.id, url: null }
        : i === 1 && projects[0]
          ? { kind: 'project' as const, targetId: projects[0].id, url: null }
          : { kind: 'none' as const, targetId: null, url: null };
    banners.push({ image, title: b.title, link });
  }
  const navs = [];
  for (const [i, title] of NAVS.entries()) {
    const hue = [
      [230, 120, 100],
      [240, 180, 80],
      [120, 180, 120],
      [100, 160, 220],
      [170, 130, 210],
    ][i]!;
    const icon = await saveImage(
      tx,
      `首页导航-${title}.png`,
      gradient(
        64,
        64,
        hue,
        hue.map((c) => c - 40),
      ),
    );
    navs.push({ icon, title, link: { kind: 'none' as const, targetId: null, url: null } });
  }
  const doc: HomeDoc = {
    notice: '本周六会员日：储值满 1000 元加赠 100 元',
    banners,
    navs,
    goods: [
      ...projects.map((p) => ({ kind: 'project' as const, id: p.id })),
      ...products.map((p) => ({ kind: 'product' as const, id: p.id })),
    ],
  };
  await saveHomeDraft(tx, admin.id, doc);
  await publishHome(tx, admin.id);
  // Changed since: a new notice, not yet published.
  await saveHomeDraft(tx, admin.id, { ...doc, notice: '元旦预约开放中，欢迎提前预约到店' });
};
