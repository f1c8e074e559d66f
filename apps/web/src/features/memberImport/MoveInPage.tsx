/**
 * /moveIn (会员迁入): 下载模板, choose an .xlsx and 上传校验 — every row is checked and the answer is
 * the dry run (what would be created) with the wrong rows and their 错误原因, downloadable as the
 * error report; 开始导入 (confirmed) runs the import as a job whose progress is shown until it ends.
 */
import { InboxOutlined } from '@ant-design/icons';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import {
  MEMBER_IMPORT_COLUMNS,
  MEMBER_IMPORT_MAX_KB,
  MEMBER_IMPORT_MAX_ROWS,
  type MemberImportChecked,
  type MemberImportError,
} from '@zb/contract/entities/memberImport';
import { Alert, App, Button, Card, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../platform/permissions';
import { downloadErrors, downloadTemplate, startMemberImport, uploadMemberFile, useImportHeader } from './api';
import { ImportSummary } from './ImportSummary';

const COLUMNS = MEMBER_IMPORT_COLUMNS.map((c) => c.title).join('、');

export default function MoveInPage() {
  const { modal } = App.useApp();
  const canImport = useCan(buttonCodeOf('/moveIn', 'import'));
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [checked, setChecked] = useState<MemberImportChecked | null>(null);
  const header = useImportHeader(checked?.header.id ?? null);
  const h = header.data ?? checked?.header ?? null;

  const check = async () => {
    if (!file) return;
    setBusy(true);
    try {
      setChecked(await uploadMemberFile(file));
    } finally {
      setBusy(false);
    }
  };

  const start = () => {
    if (!h) return;
    modal.confirm({
      title: '确认开始导入？',
      content: `将导入 ${h.readyRows} 行：新会员 ${h.newMembers} 人、会员卡 ${h.cards} 张；有误的 ${h.errorRows} 行不会导入。`,
      okText: '开始导入',
      onOk: async () => {
        await startMemberImport(h.id);
        await header.refetch();
      },
    });
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card size="small">
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert
            type="info"
            showIcon
            title={`请按模板填写，第一行为列名（${COLUMNS}）；一行一张卡，只填会员不填卡的行只建会员。一次最多 ${MEMBER_IMPORT_MAX_ROWS} 行，文件不超过 ${MEMBER_IMPORT_MAX_KB / 1024}MB。上传后先校验并试运行，确认后再导入；有误的行不会导入。`}
          />
          <Space>
            <Button onClick={() => void downloadTemplate()}>下载模板</Button>
            <Link to="/moveInList">查看迁入记录</Link>
          </Space>
          {canImport && (
            <>
              <Upload.Dragger
                accept=".xlsx"
                maxCount={1}
                beforeUpload={(f) => {
                  setFile(f);
                  setChecked(null);
                  return false;
                }}
                onRemove={() => {
                  setFile(null);
                  setChecked(null);
                }}
                fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">点击或拖拽 Excel 文件（.xlsx）到此处</p>
              </Upload.Dragger>
              <Button type="primary" disabled={!file} loading={busy} onClick={check}>
                上传校验
              </Button>
            </>
          )}
        </Space>
      </Card>
      {h && checked && (
        <Card
          size="small"
          title="校验结果（试运行，尚未写入任何会员）"
          extra={
            <Space>
              {h.errorRows > 0 && <Button onClick={() => void downloadErrors(h)}>下载错误报告</Button>}
              {h.state === 'checked' && canImport && (
                <Button type="primary" disabled={h.readyRows === 0} onClick={start}>
                  开始导入
                </Button>
              )}
              {h.state !== 'checked' && <Link to={`/moveInDetailList?id=${h.id}`}>查看迁入明细</Link>}
            </Space>
          }
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            <ImportSummary h={h} />
            {checked.errors.length > 0 ? (
              <Table<MemberImportError>
                aria-label="有误的行"
                size="small"
                rowKey="row"
                dataSource={checked.errors}
                pagination={checked.errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 90, render: (row: number) => `第 ${row} 行` },
                  { title: '错误原因', dataIndex: 'message' },
                ]}
              />
            ) : (
              <Alert type="success" showIcon title="所有行均校验通过" />
            )}
          </Space>
        </Card>
      )}
    </Space>
  );
}
