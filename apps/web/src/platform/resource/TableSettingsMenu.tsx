/** 列设置 and 密度: which columns show, and how tightly rows sit. */
import { ColumnHeightOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Popover, Space, Tooltip } from 'antd';
import { DENSITIES, type Density } from './tableSettings';

interface Props {
  columns: readonly { key: string; title: string }[];
  hidden: readonly string[];
  density: Density;
  onToggle: (key: string, visible: boolean) => void;
  onReset: () => void;
  onDensity: (density: Density) => void;
}

export function TableSettingsMenu({ columns, hidden, density, onToggle, onReset, onDensity }: Props) {
  const panel = (
    <div style={{ minWidth: 160 }}>
      <Space direction="vertical" size={4}>
        {columns.map((c) => (
          <Checkbox key={c.key} checked={!hidden.includes(c.key)} onChange={(e) => onToggle(c.key, e.target.checked)}>
            {c.title}
          </Checkbox>
        ))}
      </Space>
      <div style={{ marginTop: 8, textAlign: 'right' }}>
        <Button size="small" type="link" onClick={onReset}>
          重置
        </Button>
      </div>
    </div>
  );
  return (
    <Space size={4}>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [density],
          items: DENSITIES.map((d) => ({ key: d.value, label: d.label })),
          onClick: ({ key }) => onDensity(key as Density),
        }}
      >
        <Tooltip title="密度">
          <Button aria-label="密度" icon={<ColumnHeightOutlined />} />
        </Tooltip>
      </Dropdown>
      <Popover trigger="click" placement="bottomRight" title="列设置" content={panel}>
        <Tooltip title="列设置">
          <Button aria-label="列设置" icon={<SettingOutlined />} />
        </Tooltip>
      </Popover>
    </Space>
  );
}
