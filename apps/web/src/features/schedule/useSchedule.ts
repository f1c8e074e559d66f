/** The /schedule page's data and actions as hooks: jobs, runs of one job, the cron preview, changes. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { confirm } from '../../platform/alerts';
import { listJobs, listRuns, previewCron, runJobNow, SCHEDULE_KEYS, setJobEnabled, updateCron } from './api';

export const useScheduleJobs = () => {
  const queryClient = useQueryClient();
  const jobs = useQuery({ queryKey: SCHEDULE_KEYS.jobs, queryFn: listJobs });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: SCHEDULE_KEYS.all });
  const toggle = useMutation({
    mutationFn: (v: { name: string; enabled: boolean }) => setJobEnabled(v.name, v.enabled),
    onSettled: refresh,
  });
  const run = useMutation({ mutationFn: (name: string) => runJobNow(name), onSettled: refresh });
  const save = useMutation({
    mutationFn: (v: { name: string; cron: string }) => updateCron(v.name, v.cron),
    onSuccess: refresh,
  });
  /** 立即执行, after 确定立即执行？; false when cancelled or refused. */
  const runNow = async (name: string, title: string): Promise<boolean> => {
    if (!(await confirm(`确定立即执行「${title}」？`))) return false;
    try {
      await run.mutateAsync(name);
      return true;
    } catch {
      return false;
    }
  };
  return {
    jobs: jobs.data ?? [],
    loading: jobs.isLoading,
    toggle,
    runNow,
    running: run.isPending ? run.variables : null,
    save,
  };
};

export const useJobRuns = (name: string | null, pageNo: number, pageSize: number) =>
  useQuery({
    queryKey: SCHEDULE_KEYS.runs(name ?? '', pageNo, pageSize),
    queryFn: () => listRuns(name ?? '', pageNo, pageSize),
    enabled: name !== null,
    placeholderData: keepPreviousData,
  });

/** The value after it stopped changing for `ms`. */
const useDebounced = (value: string, ms: number): string => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
};

/** The next run times of the expression being typed, asked of the server once typing pauses. */
export const useCronPreview = (cron: string) => {
  const settled = useDebounced(cron.trim(), 300);
  const q = useQuery({
    queryKey: SCHEDULE_KEYS.preview(settled),
    queryFn: () => previewCron(settled),
    enabled: settled !== '',
    retry: false,
  });
  return { cron: settled, ...q };
};
