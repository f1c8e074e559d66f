/** A list's column settings and density, kept per resource in localStorage so they survive a reload. */
import { useCallback, useState } from 'react';

export type Density = 'large' | 'middle' | 'small';

export const DENSITIES: readonly { value: Density; label: string }[] = [
  { value: 'large', label: '宽松' },
  { value: 'middle', label: '中等' },
  { value: 'small', label: '紧凑' },
];

export interface TableSettings {
  hidden: string[];
  density: Density;
}

const DEFAULTS: TableSettings = { hidden: [], density: 'middle' };

export const settingsKey = (name: string) => `zb.table.${name}`;

export const readSettings = (name: string): TableSettings => {
  try {
    const raw = JSON.parse(localStorage.getItem(settingsKey(name)) ?? 'null') as Partial<TableSettings> | null;
    if (!raw) return DEFAULTS;
    return {
      hidden: Array.isArray(raw.hidden) ? raw.hidden.filter((k): k is string => typeof k === 'string') : [],
      density: DENSITIES.some((d) => d.value === raw.density) ? (raw.density as Density) : DEFAULTS.density,
    };
  } catch {
    return DEFAULTS;
  }
};

export const useTableSettings = (name: string) => {
  const [settings, setSettings] = useState<TableSettings>(() => readSettings(name));
  const save = useCallback(
    (next: TableSettings) => {
      setSettings(next);
      try {
        localStorage.setItem(settingsKey(name), JSON.stringify(next));
      } catch {
        // Storage full or denied: the settings still hold for this page.
      }
    },
    [name],
  );
  const toggleColumn = useCallback(
    (key: string, visible: boolean) =>
      save({
        ...settings,
        hidden: visible ? settings.hidden.filter((k) => k !== key) : [...new Set([...settings.hidden, key])],
      }),
    [save, settings],
  );
  const setDensity = useCallback((density: Density) => save({ ...settings, density }), [save, settings]);
  const resetColumns = useCallback(() => save({ ...settings, hidden: [] }), [save, settings]);
  return { settings, toggleColumn, setDensity, resetColumns };
};
