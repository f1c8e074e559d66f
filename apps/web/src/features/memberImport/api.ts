/** 会员迁入's calls beyond the report engine's: template, upload (the dry run), error report, start, undo, reads. */
import { useQuery } from '@tanstack/react-query';
import {
  MEMBER_IMPORT_API,
  MEMBER_IMPORT_FIELD,
  MEMBER_IMPORT_TEMPLATE_NAME,
  type MemberImportChecked,
  type MemberImportHeader,
} from '@zb/contract/entities/memberImport';
import { saveBlob } from '../../platform/exports/saveFile';
import { call } from '../../platform/http';

export const MEMBER_IMPORT_KEYS = {
  header: (id: number) => ['memberImport', 'header', id] as const,
  row: (id: number) => ['memberImport', 'row', id] as const,
};

export const uploadMemberFile = (file: File): Promise<MemberImportChecked> => {
  const body = new FormData();
  body.append(MEMBER_IMPORT_FIELD, file, file.name);
  return call(MEMBER_IMPORT_API.upload, { body });
};

export const downloadTemplate = async (): Promise<void> => {
  const blob = (await call(MEMBER_IMPORT_API.template, {}, { excel: true })) as unknown as Blob;
  saveBlob(blob, MEMBER_IMPORT_TEMPLATE_NAME);
};

export const downloadErrors = async (h: Pick<MemberImportHeader, 'id' | 'batchNo'>): Promise<void> => {
  const blob = (await call(MEMBER_IMPORT_API.errors, { params: { id: h.id } }, { excel: true })) as unknown as Blob;
  saveBlob(blob, `会员迁入错误报告-${h.batchNo}.xlsx`);
};

export const startMemberImport = (id: number) => call(MEMBER_IMPORT_API.start, { body: { id } });
export const rollbackMemberImport = (id: number) => call(MEMBER_IMPORT_API.rollback, { body: { id } });

/** The import's header; polled every second while its job runs. */
export const useImportHeader = (id: number | null) =>
  useQuery({
    queryKey: MEMBER_IMPORT_KEYS.header(id ?? 0),
    queryFn: () => call(MEMBER_IMPORT_API.detail, { params: { id: id! } }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.state === 'running' ? 1000 : false),
  });

export const useImportRow = (id: number | null) =>
  useQuery({
    queryKey: MEMBER_IMPORT_KEYS.row(id ?? 0),
    queryFn: () => call(MEMBER_IMPORT_API.row, { params: { id: id! } }),
    enabled: id !== null,
  });
