import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MASTER_API, type MasterItem } from '@zb/contract/api/master';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../queryClient';
import { LookupSelect } from './LookupSelect';
import { hasPathParams, lookupKey, lookupOptions } from './lookups';
import { useLookup } from './useLookup';

const GENDERS: MasterItem[] = [
  { id: 1, code: 'M', name: '男' },
  { id: 2, code: 'F', name: '女' },
];

const LEVELS: MasterItem[] = [{ id: 31, code: 'L1', name: '初级发型师' }];

const stubFetch = () => {
  const fetchMock = vi.fn(async (url: string) => {
    const data = url.startsWith('/rest/master/searchStaffLevel/') ? LEVELS : GENDERS;
    return new Response(JSON.stringify({ errcode: '0', errmsg: '', data }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

function Names({ params }: { params?: { id: number } }) {
  const { list, loading } = useLookup(params ? MASTER_API.searchStaffLevel : MASTER_API.findGender, params);
  return <p>{loading ? '加载中' : list.map((i) => i.name).join('、')}</p>;
}

describe('lookup helpers', () => {
  it('key by path and parameters, map to options, and wait for path parameters', () => {
    expect(lookupKey(MASTER_API.findGender)).toEqual(['lookup', '/rest/master/findGender', {}]);
    expect(lookupKey(MASTER_API.searchStaffLevel, { id: 3 })).toEqual([
      'lookup',
      '/rest/master/searchStaffLevel/:id',
      { id: 3 },
    ]);
    expect(lookupOptions(GENDERS)).toEqual([
      { value: 1, label: '男' },
      { value: 2, label: '女' },
    ]);
    expect(hasPathParams('/rest/master/findGender')).toBe(true);
    expect(hasPathParams('/rest/master/searchStaffLevel/:id')).toBe(false);
    expect(hasPathParams('/rest/master/searchStaffLevel/:id', { id: 5 })).toBe(true);
  });
});

describe('useLookup', () => {
  it('fetches a lookup once per session, however many components ask', async () => {
    const fetchMock = stubFetch();
    const client = createQueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <Names />
        <Names />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getAllByText('男、女')).toHaveLength(2));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/rest/master/findGender');

    // Leaving the page and coming back later in the session does not fetch again.
    view.unmount();
    render(
      <QueryClientProvider client={client}>
        <Names />
      </QueryClientProvider>,
    );
    expect(screen.getByText('男、女')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keys a sub-type lookup by its parent id, and waits for it', async () => {
    const fetchMock = stubFetch();
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <Names params={{ id: 7 }} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByText('初级发型师')).toBeTruthy());
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/rest/master/searchStaffLevel/7');
  });
});

describe('LookupSelect', () => {
  it('shows the names with 请选择, searches by name and reports the id', async () => {
    const fetchMock = stubFetch();
    const onChange = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LookupSelect endpoint={MASTER_API.findGender} onChange={onChange} />
        <LookupSelect endpoint={MASTER_API.findGender} />
      </QueryClientProvider>,
    );
    expect(screen.getAllByText('请选择')).toHaveLength(2);
    const [first] = screen.getAllByRole('combobox');
    if (!first) throw new Error('no select');
    fireEvent.mouseDown(first);
    await waitFor(() => expect(screen.getByTitle('女')).toBeTruthy());
    expect(screen.getByTitle('男')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fireEvent.change(first, { target: { value: '女' } });
    await waitFor(() => expect(screen.queryByTitle('男')).toBeNull());
    fireEvent.click(screen.getByTitle('女'));
    expect(onChange.mock.calls[0]?.[0]).toBe(2);
  });
});
