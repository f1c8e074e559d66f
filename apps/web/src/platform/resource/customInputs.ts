/**
 * A page may give a field its own control (e.g. a parent picker that follows another field).
 * The control sits inside the field's Form.Item, which hands it `value`, `onChange` and `id` (give
 * the id to the focusable element, so the field's label names it).
 */
import type { FieldDef } from '@zb/contract/resource/define';
import { type ComponentType, createContext } from 'react';

export interface CustomInputProps {
  id?: string;
  /** The field's value as the form holds it: one registry serves every field, so an input narrows it (`as`). */
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  field: FieldDef;
}

export type CustomInputs = Readonly<Record<string, ComponentType<CustomInputProps>>>;

export const CustomInputsContext = createContext<CustomInputs>({});
