import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttendanceRecord, AttendanceStatus, TraineeKind } from '@studio/shared';
import { TRAINEE_KIND_PATHS, traineeKindOfPath, route } from '@studio/shared';
import { api, apiRequest, segment } from '../../lib/api-client';

// The calls of issue 33 (docs/api.md, Trainees): schedule, attendance, register, certificates, statement.

/** The kind a route's `:kind` names (`students` or `office-students`), or null. */
export const kindOf = (path: string | undefined): TraineeKind | null => (path ? traineeKindOfPath(path) : null);
export const traineePlanPath = (kind: TraineeKind, id: number) => `/students/plan/${TRAINEE_KIND_PATHS[kind]}/${id}`;

const keys = {
  trainee: (kind: TraineeKind, id: number) => ['trainee-plan', kind, id] as const,
  register: (kind: TraineeKind, date: string, programId: number | null) => ['attendance-register', kind, date, programId] as const,
  overdue: (kind: TraineeKind) => ['trainees-overdue', kind] as const,
};
const base = (kind: TraineeKind, id: number) => `/api/${TRAINEE_KIND_PATHS[kind]}/${segment(id)}`;

export interface AttendanceAnswer {
  data: AttendanceRecord[];
  summary: { marked: number; present: number; late: number; absent: number; share_present: number | null; min_percent: number | null };
}
export type { RegisterRow, Statement } from '@studio/shared';

export const useStatement = (kind: TraineeKind, id: number) =>
  useQuery({ queryKey: [...keys.trainee(kind, id), 'statement'], queryFn: ({ signal }) => api.get(route('/api/{kind}/{id}/statement', { kind: TRAINEE_KIND_PATHS[kind], id }), undefined, signal) });

export const useAttendance = (kind: TraineeKind, id: number) =>
  useQuery({
    queryKey: [...keys.trainee(kind, id), 'attendance'],
    queryFn: ({ signal }) => apiRequest<AttendanceAnswer>(`${base(kind, id)}/attendance`, { signal }),
  });

export const useCertificates = (kind: TraineeKind, id: number, enabled: boolean) =>
  useQuery({ queryKey: [...keys.trainee(kind, id), 'certificates'], enabled, queryFn: ({ signal }) => api.get(route('/api/{kind}/{id}/certificates', { kind: TRAINEE_KIND_PATHS[kind], id }), undefined, signal) });

export function useIssueCertificate(kind: TraineeKind, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(route('/api/{kind}/{id}/certificate', { kind: TRAINEE_KIND_PATHS[kind], id }), undefined, { quiet: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.trainee(kind, id) }),
  });
}

export function useRevokeCertificate(kind: TraineeKind, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ serial, reason }: { serial: string; reason: string }) => api.post(route('/api/certificates/{serial}/revoke', { serial }), { reason }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.trainee(kind, id) }),
  });
}

export const useRegister = (kind: TraineeKind, date: string, programId: number | null) =>
  useQuery({
    queryKey: keys.register(kind, date, programId),
    queryFn: ({ signal }) => api.get('/api/attendance/register', { kind, date, program_id: programId ?? undefined }, signal),
  });

export function useMarkAttendance(kind: TraineeKind, date: string, programId: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { trainee_id: number; status: AttendanceStatus }) =>
      apiRequest<{ data: unknown; warnings: string[] }>('/api/attendance', { method: 'POST', body: { trainee_kind: kind, date, ...body } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.register(kind, date, programId) }),
  });
}

export const useOverdue = (kind: TraineeKind) =>
  useQuery({ queryKey: keys.overdue(kind), queryFn: ({ signal }) => api.get(route('/api/{kind}-overdue', { kind: TRAINEE_KIND_PATHS[kind] }), undefined, signal) });
