/** The detail's sections: the declared ones in order, each with its fields; fields without one go first. */
import type { AnyResource, FieldDef } from '@zb/contract/resource/define';
import { fieldsOf } from '@zb/contract/resource/define';

export interface Section {
  title: string | null;
  fields: [string, FieldDef][];
}

export const sectionsOf = (decl: AnyResource, pick: (f: FieldDef) => boolean = () => true): Section[] => {
  const shown = fieldsOf(decl).filter(([, f]) => !f.hidden && pick(f));
  const first = decl.sections?.[0] ?? null;
  const titles = decl.sections?.length ? decl.sections : [null];
  return titles
    .map((title) => ({ title, fields: shown.filter(([, f]) => (f.section ?? first) === title) }))
    .filter((s) => s.fields.length > 0);
};
