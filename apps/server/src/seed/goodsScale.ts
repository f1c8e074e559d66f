/**
 * Goods beyond the fixed demo list, for scales that ask for them (large: about 5,000 goods):
 * variants of the demo products (a series name, another size) and of the demo projects (基础,
 * 进阶, 尊享 …), each project variant consuming what its original consumes. Deterministic for a
 * given seed.
 */
import { asc, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { product, project, projectProduct } from '../modules/goods/schema';
import { PRODUCTS, PROJECTS, yuan } from './goods';
import type { Scale } from './scale';
import { insertInChunks, prng } from './stores';

const SERIES = ['臻养', '沁润', '焕活', '悦享', '净澈', '丰盈', '柔顺', '植萃', '御方', '清漾', '晨露', '墨韵'];
const SIZES = [0.5, 0.8, 1, 1.5, 2] as const;
const GRADES = ['基础', '进阶', '尊享', '体验', '疗程', '精致', '深度', '舒缓'];

export const seedMoreGoods = async (tx: Tx, scale: Scale, seed: number): Promise<void> => {
  if (scale.extraProducts === 0 && scale.extraProjects === 0) return;
  const rng = prng(seed ^ 0x9e3779b9);
  const base = await tx
    .select()
    .from(product)
    .where(
      inArray(
        product.code,
        PRODUCTS.map((p) => p[0]),
      ),
    )
    .orderBy(asc(product.id));
  const rows: (typeof product.$inferInsert)[] = [];
  for (let i = 0; i < scale.extraProducts; i++) {
    const b = base[i % base.length]!;
    const series = SERIES[Math.floor(i / base.length) % SERIES.length]!;
    const size = rng.pick(SIZES);
    const ml = b.mlPerUnit ? Math.round(b.mlPerUnit * size) : null;
    rows.push({
      code: `P${String(10000 + i)}`,
      barcode: `69${String(30250000000 + i * 173).padStart(11, '0')}`,
      name: `${series}${b.name}${ml ? ` ${ml}ml` : ''}`,
      brand: b.brand,
      spec: ml ? `${ml}ml/${b.unit}` : b.spec,
      unit: b.unit,
      mlPerUnit: ml,
      retailPrice: Math.round((b.retailPrice * size) / 100) * 100,
      costPrice: Math.round((b.costPrice * size) / 100) * 100,
      onlineTypeId: b.onlineTypeId,
      status: rng.chance(0.08) ? 'off' : 'on',
      sort: base.length + i + 1,
    });
  }
  await insertInChunks(rows, 2000, (part) => tx.insert(product).values(part));

  const baseProjects = await tx
    .select()
    .from(project)
    .where(
      inArray(
        project.code,
        PROJECTS.map((p) => p[0]),
      ),
    )
    .orderBy(asc(project.id));
  const consumes = await tx.select().from(projectProduct);
  const projectRows: (typeof project.$inferInsert)[] = [];
  const origin: number[] = [];
  for (let i = 0; i < scale.extraProjects; i++) {
    const b = baseProjects[i % baseProjects.length]!;
    const grade = GRADES[Math.floor(i / baseProjects.length) % GRADES.length]!;
    const round = Math.floor(i / (baseProjects.length * GRADES.length));
    projectRows.push({
      code: `J${String(10000 + i)}`,
      name: `${b.name}（${grade}${round ? round + 1 : ''}）`,
      typeId: b.typeId,
      subTypeId: b.subTypeId,
      durationMin: Math.max(15, b.durationMin + rng.int(-2, 4) * 10),
      price: yuan(Math.round((b.price / 100) * (0.7 + rng.next()))),
      labelIds: b.labelIds,
      feeTypeId: b.feeTypeId,
      status: rng.chance(0.05) ? 'off' : 'on',
    });
    origin.push(b.id);
  }
  const created: { id: number }[] = [];
  await insertInChunks(projectRows, 2000, async (part) => {
    created.push(...(await tx.insert(project).values(part).returning({ id: project.id })));
  });
  const lines = created.flatMap((p, i) =>
    consumes.filter((c) => c.projectId === origin[i]).map((c) => ({ ...c, projectId: p.id })),
  );
  await insertInChunks(lines, 5000, (part) => tx.insert(projectProduct).values(part));
};
