/**
 * /examiningDetail?id=N (检测报告详情; its breadcrumb is prefixed 会员管理, shell/breadcrumb.ts): the
 * report's store, member, technician and time, each measured value with its unit, the normal range
 * and thresholds it was graded by (as they were when measured) and its grade, the images, the
 * conclusion and the recommended projects.
 */
import { useQuery } from '@tanstack/react-query';
import { EXAM_GRADES, EXAMINATION_API, type ExaminationValueDto } from '@zb/contract/entities/examination';
import { formatDateTime } from '@zb/contract/time';
import { Card, Descriptions, Empty, Image, Result, Space, Spin, Table, Tag } from 'antd';
import { Link, useLocation } from 'react-router';
import { call } from '../../platform/http';
import { formatFen } from '../../platform/money';
import { idOfSearch } from '../../platform/navigation';

export const gradeTag = (grade: string) => {
  const g = EXAM_GRADES.find((x) => x.value === grade);
  return <Tag color={g?.color}>{g?.label ?? grade}</Tag>;
};

const range = (v: ExaminationValueDto) => `${v.low} – ${v.high}`;
const thresholds = (v: ExaminationValueDto) => `轻度 ≤ ${v.mildLimit}，中度 ≤ ${v.moderateLimit}`;

export default function ExaminingDetailPage() {
  const id = idOfSearch(useLocation().search);
  const q = useQuery({
    queryKey: ['examinations', 'detail', id],
    queryFn: () => call(EXAMINATION_API.detail, { params: { id: id! } }),
    enabled: id !== null,
  });
  if (id === null) return <Result status="404" subTitle="请从检测报告打开详情" />;
  if (q.isError) return <Result status="warning" subTitle="检测报告不存在或不在您的数据范围内" />;
  if (!q.data) return <Spin spinning style={{ display: 'block', margin: 48 }} />;
  const d = q.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={`检测报告 ${d.reportNo}`}>
        <Descriptions column={3} size="small">
          <Descriptions.Item label="门店">{d.storeName}</Descriptions.Item>
          <Descriptions.Item label="会员">
            <Link to={`/personalAccount?id=${d.memberId}`}>
              {d.memberName} {d.memberPhone}
            </Link>
          </Descriptions.Item>
          <Descriptions.Item label="检测技师">{d.staffName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="检测时间">{formatDateTime(d.examinedAt)}</Descriptions.Item>
          <Descriptions.Item label="总体评级">{gradeTag(d.grade)}</Descriptions.Item>
          <Descriptions.Item label="设备单号">{d.outerNo}</Descriptions.Item>
          <Descriptions.Item label="结论" span={3}>
            {d.conclusion || '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="检测项目">
        <Table<ExaminationValueDto>
          rowKey="itemCode"
          size="small"
          pagination={false}
          dataSource={d.values}
          columns={[
            { title: '项目', dataIndex: 'itemName' },
            { title: '检测值', dataIndex: 'value', render: (v: number, r) => `${v} ${r.unit}` },
            { title: '正常范围', key: 'range', render: (_, r) => `${range(r)} ${r.unit}` },
            { title: '评级标准（超出正常范围）', key: 'limits', render: (_, r) => thresholds(r) },
            { title: '评级', dataIndex: 'grade', render: gradeTag },
          ]}
        />
      </Card>
      <Card title="检测图片">
        {d.images.length === 0 ? (
          <Empty description="无图片" />
        ) : (
          <Image.PreviewGroup>
            <Space wrap>
              {d.images.map((src, i) => (
                <Image key={src} src={src} width={120} height={120} alt={`检测图片${i + 1}`} />
              ))}
            </Space>
          </Image.PreviewGroup>
        )}
      </Card>
      <Card title="推荐项目">
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={d.projects}
          locale={{ emptyText: '无推荐项目' }}
          columns={[
            { title: '项目编码', dataIndex: 'code' },
            { title: '项目名称', dataIndex: 'name' },
            { title: '价格', dataIndex: 'price', render: (v: number) => formatFen(v) },
          ]}
        />
      </Card>
    </Space>
  );
}
