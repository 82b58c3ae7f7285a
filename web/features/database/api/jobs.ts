import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertsRun, JobsOverview } from '../../../../common/schemas/jobs';
import { apiGet, apiPost } from '../../../lib/api-client';

const jobsKey = ['admin', 'jobs'] as const;
/** How often the panel reads the queues again while it is open. */
const POLL_MS = 5000;

/** The background jobs by queue and the last failures (developers only, so only asked for when enabled). */
export function useJobs(enabled: boolean) {
  return useQuery({
    queryKey: jobsKey,
    queryFn: ({ signal }) => apiGet<JobsOverview>('/api/admin/jobs', {}, signal),
    enabled,
    refetchInterval: POLL_MS,
  });
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<JobsOverview>(`/api/admin/jobs/${encodeURIComponent(id)}/retry`),
    onSuccess: (overview) => queryClient.setQueryData(jobsKey, overview),
  });
}

/** Sends the due alert mails now (price drops, saved searches); the panel reads the queues again after it. */
export function useRunDueAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<AlertsRun>('/api/admin/jobs/alerts/run'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: jobsKey }),
  });
}
