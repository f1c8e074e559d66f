/** /hierarchicalArchitecture (层级架构): boxes and contents on the left, the selected content's roles and members on the right. */
import { Col, Empty, Result, Row } from 'antd';
import { useState } from 'react';
import { ContentPanel } from './ContentPanel';
import { HierTreePanel } from './HierTreePanel';
import type { Selection } from './tree';
import { HQ_ONLY_TEXT, useIsHq } from './useHqOnly';

export default function HierarchicalArchitecturePage() {
  const isHq = useIsHq();
  const [selected, setSelected] = useState<Selection>(null);
  if (!isHq) return <Result status="403" title="无权限" subTitle={HQ_ONLY_TEXT} />;
  return (
    <Row gutter={16}>
      <Col xs={24} md={9} lg={7}>
        <HierTreePanel selected={selected} onSelect={setSelected} />
      </Col>
      <Col xs={24} md={15} lg={17}>
        {selected?.kind === 'content' ? (
          <ContentPanel key={selected.id} hierId={selected.hierId} contentId={selected.id} />
        ) : (
          <Empty style={{ marginTop: 48 }} description="请在左侧选择一个节点，查看其角色与成员" />
        )}
      </Col>
    </Row>
  );
}
