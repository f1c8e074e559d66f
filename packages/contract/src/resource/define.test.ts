/**
 * A declaration gives its row and values (typed by its fields): the type checker runs these
 * assertions with the rest of the contract, vitest runs the one at run time.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { MINOR_COURSE } from '../entities/minorCourse';
import { STAFF } from '../entities/staff';
import type { CreateValuesOf, RowOf, ValuesOf } from './define';

describe('RowOf, ValuesOf, CreateValuesOf', () => {
  it('type a row by its declared fields: enums by their values, null where not required', () => {
    type Staff = RowOf<typeof STAFF>;
    expectTypeOf<Staff['id']>().toEqualTypeOf<number>();
    expectTypeOf<Staff['status']>().toEqualTypeOf<'probation' | 'active' | 'left'>();
    expectTypeOf<Staff['name']>().toEqualTypeOf<string>();
    expectTypeOf<Staff['genderId']>().toEqualTypeOf<number | null>();
    expectTypeOf<Staff['storeName']>().toEqualTypeOf<string | null>();
    expect(Object.keys(STAFF.fields)).toContain('status');
  });

  it('type the values of a write: a create gives every required field, an update any writable one', () => {
    type Create = CreateValuesOf<typeof MINOR_COURSE>;
    expectTypeOf<Create['projectId']>().toEqualTypeOf<number>();
    expectTypeOf<Create['sessions']>().toEqualTypeOf<number>();
    type Update = ValuesOf<typeof MINOR_COURSE>;
    expectTypeOf<Update['projectId']>().toEqualTypeOf<number | undefined>();
    // Read-only fields are not written: the key is only the open index's.
    expectTypeOf<Update['listTotal']>().toEqualTypeOf<unknown>();
  });
});
