/**
 * 头皮检测 reports: POST /open/v1/examinations from a store's device, and /examiningDetail.
 *
 * A report is accepted whole or refused whole (EXAM-40001 with a Chinese reason): its store must
 * be the one the POS terminal is bound to, its member and technician known, each value's item an
 * enabled /detetionConfig item (once each), each recommended project a project of /projectList,
 * each image a real PNG/JPEG/GIF/WEBP within the upload limit. Each value is graded here with its
 * item's setting of this moment, and the setting is stored beside it. The same outerNo from the
 * same key again answers the first report with replayed: true and writes nothing.
 */
import { finished } from 'node:stream/promises';
import { uploadedImageUrl } from '@zb/contract/api/uploads';
import {
  type ExamGrade,
  type ExaminationDetailDto,
  gradeOf,
  type OpenExaminationAnswer,
  type OpenExaminationBody,
  worstGrade,
} from '@zb/contract/entities/examination';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import { BizError } from '../../platform/errors';
import { createFileWriter } from '../../platform/files/store';
import { type DataScope, storeScopeFilter } from '../../platform/scope';
import { readSetting } from '../../platform/settings';
import { project } from '../goods/schema';
import { member } from '../members/schema';
import { assertStoreAllowed, type OpenCaller } from '../openApi/types';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';
import { EXTENSION, sniffImage } from '../uploads/sniff';
import { examItem, examination, examinationProject, examinationValue } from './schema';

const invalid = (msg: string) => new BizError(ERR.EXAM_INVALID, msg);

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

const bySender = (db: Db | Tx, clientId: number, outerNo: string) =>
  db
    .select({ id: examination.id })
    .from(examination)
    .where(and(eq(examination.clientId, clientId), eq(examination.outerNo, outerNo)));

const answerOf = async (db: Db | Tx, id: number, replayed: boolean): Promise<OpenExaminationAnswer> => {
  const [e] = await db
    .select({ reportNo: examination.reportNo, outerNo: examination.outerNo, grade: examination.grade })
    .from(examination)
    .where(eq(examination.id, id));
  const values = await db
    .select({ item: examinationValue.itemCode, value: examinationValue.value, grade: examinationValue.grade })
    .from(examinationValue)
    .where(eq(examinationValue.examinationId, id))
    .orderBy(asc(examinationValue.seq));
  return {
    reportNo: e!.reportNo,
    outerNo: e!.outerNo,
    grade: e!.grade as ExamGrade,
    values: values.map((v) => ({ ...v, grade: v.grade as ExamGrade })),
    replayed,
  };
};

/** Each image decoded, checked as an upload is (real type, size) and put in the file store; its URL. */
const storeImages = async (tx: Tx, images: readonly string[], outerNo: string): Promise<string[]> => {
  if (images.length === 0) return [];
  const maxKb = await readSetting(tx, 'uploadMaxKb');
  const urls: string[] = [];
  for (const [i, raw] of images.entries()) {
    const text = raw.replace(/^data:[^;,]+;base64,/, '');
    if (!BASE64.test(text)) throw invalid(`第 ${i + 1} 张图片不是 base64 编码`);
    const data = Buffer.from(text, 'base64');
    const mime = sniffImage(data);
    if (!mime) throw invalid(`第 ${i + 1} 张图片不是 PNG、JPEG、GIF 或 WEBP 图片`);
    if (data.length > maxKb * 1024) throw invalid(`第 ${i + 1} 张图片超过 ${maxKb}KB`);
    const writer = createFileWriter(tx, {
      ownerUserId: null,
      kind: 'upload',
      name: `检测-${outerNo}-${i + 1}${EXTENSION[mime]}`,
      mime,
    });
    writer.end(data);
    await finished(writer);
    urls.push(uploadedImageUrl(writer.id));
  }
  return urls;
};

/** POST /open/v1/examinations. */
export const openExamination = async (
  db: Db,
  caller: OpenCaller,
  body: OpenExaminationBody,
): Promise<OpenExaminationAnswer> => {
  const [seen] = await bySender(db, caller.clientId, body.outerNo);
  if (seen) return answerOf(db, seen.id, true);
  return db.transaction(async (tx) => {
    const [st] = await tx.select({ id: store.id }).from(store).where(eq(store.code, body.storeCode));
    if (!st) throw invalid(`门店编码 ${body.storeCode} 不存在`);
    assertStoreAllowed(caller, st.id);
    const [m] = await tx
      .select({ id: member.id })
      .from(member)
      .where(or(eq(member.phone, body.member), eq(member.code, body.member.toUpperCase())))
      .limit(1);
    if (!m) throw invalid(`会员 ${body.member} 不存在`);
    let staffId: number | null = null;
    if (body.staffPhone) {
      const [s] = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.phone, body.staffPhone), eq(staff.storeId, st.id)))
        .limit(1);
      if (!s) throw invalid(`检测技师 ${body.staffPhone} 不是本门店的员工`);
      staffId = s.id;
    }
    const codes = body.values.map((v) => v.item);
    const dup = codes.find((c, i) => codes.indexOf(c) !== i);
    if (dup) throw invalid(`检测项目 ${dup} 重复上报`);
    const items = await tx.select().from(examItem).where(inArray(examItem.code, codes));
    const byCode = new Map(items.map((i) => [i.code, i]));
    const graded = body.values.map((v, seq) => {
      const item = byCode.get(v.item);
      if (!item) throw invalid(`检测项目 ${v.item} 不存在`);
      if (!item.enabled) throw invalid(`检测项目 ${item.name}（${v.item}）已停用`);
      return {
        seq,
        itemId: item.id,
        itemCode: item.code,
        itemName: item.name,
        unit: item.unit,
        low: item.low,
        high: item.high,
        mildLimit: item.mildLimit,
        moderateLimit: item.moderateLimit,
        value: v.value,
        grade: gradeOf(v.value, item),
      };
    });
    const projectCodes = [...new Set(body.projects ?? [])];
    const projects =
      projectCodes.length === 0
        ? []
        : await tx
            .select({ id: project.id, code: project.code })
            .from(project)
            .where(inArray(project.code, projectCodes));
    const missing = projectCodes.find((c) => !projects.some((p) => p.code === c));
    if (missing) throw invalid(`推荐项目 ${missing} 不存在`);
    const images = await storeImages(tx, body.images ?? [], body.outerNo);
    const grade = worstGrade(graded.map((g) => g.grade));
    const abnormalCount = graded.filter((g) => g.grade !== 'normal').length;
    const [row] = await tx
      .insert(examination)
      .values({
        storeId: st.id,
        memberId: m.id,
        staffId,
        examinedAt: new Date(body.at),
        grade,
        itemCount: graded.length,
        abnormalCount,
        conclusion: body.conclusion || null,
        images,
        clientId: caller.clientId,
        outerNo: body.outerNo,
      })
      .onConflictDoNothing({ target: [examination.clientId, examination.outerNo] })
      .returning({ id: examination.id, reportNo: examination.reportNo });
    if (!row) {
      // Another request with the same number got in first: answer its report.
      const [first] = await bySender(tx, caller.clientId, body.outerNo);
      return answerOf(tx, first!.id, true);
    }
    await tx.insert(examinationValue).values(graded.map((g) => ({ ...g, examinationId: row.id })));
    if (projectCodes.length > 0) {
      await tx.insert(examinationProject).values(
        projectCodes.map((c, seq) => ({
          examinationId: row.id,
          seq,
          projectId: projects.find((p) => p.code === c)!.id,
        })),
      );
    }
    await recordOperation(tx, {
      userId: null,
      action: 'examination.create',
      target: `examination:${row.id}`,
      after: { reportNo: row.reportNo, outerNo: body.outerNo, storeId: st.id, memberId: m.id, grade, abnormalCount },
    });
    return answerOf(tx, row.id, false);
  });
};

/** /examiningDetail: one report in the caller's data scope (else not found). */
export const examinationDetail = async (db: Db, scope: DataScope, id: number): Promise<ExaminationDetailDto> => {
  const [e] = await db
    .select({
      id: examination.id,
      reportNo: examination.reportNo,
      outerNo: examination.outerNo,
      storeId: examination.storeId,
      storeName: store.name,
      memberId: examination.memberId,
      memberName: member.name,
      memberPhone: member.phone,
      staffName: staff.name,
      examinedAt: examination.examinedAt,
      grade: examination.grade,
      conclusion: examination.conclusion,
      images: examination.images,
    })
    .from(examination)
    .innerJoin(store, eq(store.id, examination.storeId))
    .innerJoin(member, eq(member.id, examination.memberId))
    .leftJoin(staff, eq(staff.id, examination.staffId))
    .where(and(eq(examination.id, id), storeScopeFilter(scope, examination.storeId)));
  if (!e) throw new BizError(ERR.RECORD_NOT_FOUND, '检测报告不存在或不在您的数据范围内');
  const [values, projects] = await Promise.all([
    db
      .select({
        itemCode: examinationValue.itemCode,
        itemName: examinationValue.itemName,
        unit: examinationValue.unit,
        low: examinationValue.low,
        high: examinationValue.high,
        mildLimit: examinationValue.mildLimit,
        moderateLimit: examinationValue.moderateLimit,
        value: examinationValue.value,
        grade: examinationValue.grade,
      })
      .from(examinationValue)
      .where(eq(examinationValue.examinationId, id))
      .orderBy(asc(examinationValue.seq)),
    db
      .select({ id: project.id, code: project.code, name: project.name, price: project.price })
      .from(examinationProject)
      .innerJoin(project, eq(project.id, examinationProject.projectId))
      .where(eq(examinationProject.examinationId, id))
      .orderBy(asc(examinationProject.seq)),
  ]);
  return {
    ...e,
    examinedAt: e.examinedAt.toISOString(),
    grade: e.grade as ExamGrade,
    values: values.map((v) => ({ ...v, grade: v.grade as ExamGrade })),
    projects,
  };
};
