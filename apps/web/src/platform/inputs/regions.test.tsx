import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { RegionItem } from '@zb/contract/api/regions';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../queryClient';
import { RegionCascader } from './RegionCascader';
import { regionOptions } from './useRegions';

const item = (id: number, name: string): RegionItem => ({ id, code: String(id), name });

const PROVINCES = [item(44, '广东省'), item(11, '北京市')];
const CITIES: Record<string, RegionItem[]> = { '44': [item(4403, '深圳市'), item(4419, '东莞市')] };
const DISTRICTS: Record<string, RegionItem[]> = {
  '4403': [item(440305, '南山区'), item(440304, '福田区')],
  '4419': [],
};

const stubFetch = () => {
  const fetchMock = vi.fn(async (url: string) => {
    const u = new URL(url, 'http://localhost');
    const data =
      u.pathname === '/rest/province/searchDownAll'
        ? PROVINCES
        : u.pathname === '/rest/city/searchAllByProvinceId'
          ? (CITIES[u.searchParams.get('provinceId') ?? ''] ?? [])
          : (DISTRICTS[u.searchParams.get('cityId') ?? ''] ?? []);
    return new Response(JSON.stringify({ errcode: '0', errmsg: '', data }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const urls = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.map(([url]) => String(url));

describe('regionOptions', () => {
  it('marks unopened divisions expandable, districts and childless cities as leaves', () => {
    const children = (level: string, id: number) =>
      level === 'province' ? CITIES[String(id)] : level === 'city' ? DISTRICTS[String(id)] : undefined;
    const [gd, bj] = regionOptions(PROVINCES, children);
    expect(bj).toEqual({ value: 11, label: '北京市', level: 'province', isLeaf: false });
    const [sz, dg] = gd?.children ?? [];
    expect(dg).toEqual({ value: 4419, label: '东莞市', level: 'city', isLeaf: true });
    expect(sz?.children?.[0]).toEqual({ value: 440305, label: '南山区', level: 'district', isLeaf: true });
  });
});

describe('RegionCascader', () => {
  it('loads provinces, then cities and districts as they open, and reports [p, c, d]', async () => {
    const fetchMock = stubFetch();
    const onChange = vi.fn();
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <RegionCascader onChange={onChange} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('请选择省/市/区')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await waitFor(() => expect(screen.getByTitle('广东省')).toBeTruthy());
    expect(urls(fetchMock)).toEqual(['/rest/province/searchDownAll']);

    fireEvent.click(screen.getByTitle('广东省'));
    await waitFor(() => expect(screen.getByTitle('深圳市')).toBeTruthy());
    expect(urls(fetchMock)[1]).toBe('/rest/city/searchAllByProvinceId?provinceId=44');

    fireEvent.click(screen.getByTitle('深圳市'));
    await waitFor(() => expect(screen.getByTitle('南山区')).toBeTruthy());
    expect(urls(fetchMock)[2]).toBe('/rest/district/searchAllByCityId?cityId=4403');

    fireEvent.click(screen.getByTitle('南山区'));
    expect(onChange).toHaveBeenLastCalledWith([44, 4403, 440305]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('shows a chosen value by name, from lists cached for the session', async () => {
    const fetchMock = stubFetch();
    const client = createQueryClient();
    const first = render(
      <QueryClientProvider client={client}>
        <RegionCascader value={[44, 4403, 440305]} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByText('广东省 / 深圳市 / 南山区')).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledTimes(3);

    first.unmount();
    render(
      <QueryClientProvider client={client}>
        <RegionCascader value={[44, 4403, 440304]} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByText('广东省 / 深圳市 / 福田区')).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
