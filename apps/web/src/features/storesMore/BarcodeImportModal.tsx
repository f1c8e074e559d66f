/**
 * 导入商品条码: choose an .xlsx, import it, and either see how many were written or, when any row
 * is wrong, the list of wrong rows and why (nothing was written).
 */
import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  BARCODE_IMPORT_COLUMNS,
  BARCODE_IMPORT_MAX_KB,
  BARCODE_IMPORT_MAX_ROWS,
  type BarcodeImportError,
  type BarcodeImportErrors,
  type BarcodeImportResult,
  PRODUCT_BARCODE,
} from '@zb/contract/entities/barcode';
import { ERR } from '@zb/contract/errcodes';
import { Alert, Button, Modal, Result, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../platform/apiError';
import { resourceKey } from '../../platform/queryClient';
import { importBarcodes } from './api';

type Outcome =
  | { kind: 'done'; result: BarcodeImportResult }
  | { kind: 'invalid'; message: string; errors: BarcodeImportError[]; total: number };

const COLUMNS = BARCODE_IMPORT_COLUMNS.map((c) => c.title).join('、');

export default function BarcodeImportModal({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const queryClient = useQueryClient();

  const run = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const result = await importBarcodes(file);
      setOutcome({ kind: 'done', result });
      await queryClient.invalidateQueries({ queryKey: resourceKey(PRODUCT_BARCODE) });
    } catch (e) {
      if (isApiError(e) && e.errcode === ERR.BARCODE_IMPORT_INVALID) {
        const data = e.data as BarcodeImportErrors | null;
        setOutcome({ kind: 'invalid', message: e.errmsg, errors: data?.errors ?? [], total: data?.total ?? 0 });
      }
      // Any other refusal was alerted by the call.
    } finally {
      setBusy(false);
    }
  };

  const footer =
    outcome?.kind === 'done' ? (
      <Button type="primary" onClick={onClose}>
        完成
      </Button>
    ) : (
      <Space>
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" disabled={!file} loading={busy} onClick={run}>
          开始导入
        </Button>
      </Space>
    );

  return (
    <Modal open title="导入商品条码" width={720} onCancel={onClose} footer={footer} destroyOnHidden>
      {outcome?.kind === 'done' ? (
        <Result
          status="success"
          title="导入成功"
          subTitle={`新增 ${outcome.result.created} 条条码${outcome.result.unchanged ? `，${outcome.result.unchanged} 条与库中相同未变化` : ''}`}
        />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert
            type="info"
            showIcon
            title={`请按模板填写：第一行为列名（${COLUMNS}），每箱数量不填默认为 1；一次最多 ${BARCODE_IMPORT_MAX_ROWS} 行，文件不超过 ${BARCODE_IMPORT_MAX_KB / 1024}MB。任意一行有误则整个文件都不导入。`}
          />
          <Upload.Dragger
            accept=".xlsx"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              setOutcome(null);
              return false;
            }}
            onRemove={() => {
              setFile(null);
              setOutcome(null);
            }}
            fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖拽 Excel 文件（.xlsx）到此处</p>
          </Upload.Dragger>
          {outcome?.kind === 'invalid' && (
            <>
              <Alert
                type="error"
                showIcon
                title={outcome.message}
                description={
                  outcome.total > outcome.errors.length
                    ? `以下仅列出前 ${outcome.errors.length} 行，请修改后重新导入`
                    : '请修改以下各行后重新导入'
                }
              />
              <Table<BarcodeImportError>
                size="small"
                rowKey={(r) => `${r.row}:${r.message}`}
                dataSource={outcome.errors}
                pagination={outcome.errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                columns={[
                  {
                    title: '行号',
                    dataIndex: 'row',
                    width: 80,
                    render: (row: number) => (row > 0 ? `第 ${row} 行` : '文件'),
                  },
                  { title: '错误原因', dataIndex: 'message' },
                ]}
              />
            </>
          )}
        </Space>
      )}
    </Modal>
  );
}
