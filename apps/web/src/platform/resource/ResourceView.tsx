/** A row read-only, section by section. */
import type { ResourceRow } from '@zb/contract/resource/api';
import type { AnyResource } from '@zb/contract/resource/define';
import { Descriptions } from 'antd';
import { FieldView } from './FieldView';
import { sectionsOf } from './sections';

export function ResourceView({ decl, row }: { decl: AnyResource; row: ResourceRow }) {
  return (
    <>
      {sectionsOf(decl, (f) => !f.writeOnly && !f.formOnly).map((s) => (
        <Descriptions
          key={s.title ?? 'main'}
          title={s.title ?? undefined}
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          style={{ marginBottom: 24 }}
          items={s.fields.map(([key, f]) => ({
            key,
            label: f.label,
            span: f.type === 'json' || f.type === 'textarea' || f.type === 'images' ? 'filled' : 1,
            children: <FieldView field={f} name={key} row={row} full />,
          }))}
        />
      ))}
    </>
  );
}
