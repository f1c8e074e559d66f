/**
 * 上移/下移 of a row in a list whose order is kept by the server (project labels, store levels):
 * the call swaps the row with its neighbour, then the declaration's lists are read again. A
 * refusal (already first or last) is the alert the call showed.
 */
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { AnyResource } from '@zb/contract/resource/define';
import { Button } from 'antd';
import { useState } from 'react';
import { invalidateAfterWrite } from '../queryClient';

export type MoveCall = (id: number, dir: 'up' | 'down') => Promise<unknown>;

/** The moving row's id and the function a row's buttons call. */
export const useMoveRow = (decl: Pick<AnyResource, 'name' | 'stale'>, move: MoveCall) => {
  const client = useQueryClient();
  const [moving, setMoving] = useState<number | null>(null);
  const run = async (id: number, dir: 'up' | 'down') => {
    setMoving(id);
    try {
      await move(id, dir);
      await invalidateAfterWrite(client, decl);
    } catch {
      // The alert already said why.
    } finally {
      setMoving(null);
    }
  };
  return { moving, run };
};

/** The two buttons of a row, named for screen readers 上移<name> / 下移<name>. */
export function MoveButtons(props: {
  id: number;
  name: string;
  moving: number | null;
  onMove: (id: number, dir: 'up' | 'down') => void;
}) {
  const { id, name, moving, onMove } = props;
  return (
    <>
      <Button
        type="link"
        size="small"
        icon={<ArrowUpOutlined />}
        aria-label={`上移${name}`}
        loading={moving === id}
        onClick={() => onMove(id, 'up')}
      />
      <Button
        type="link"
        size="small"
        icon={<ArrowDownOutlined />}
        aria-label={`下移${name}`}
        disabled={moving === id}
        onClick={() => onMove(id, 'down')}
      />
    </>
  );
}
