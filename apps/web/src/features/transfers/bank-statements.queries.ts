import { route } from '@studio/shared';
import type { BankStatementSummary, StatementColumnMap, TransferItem } from '@studio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api-client';

export const statementKeys = { all: ['bank-statements'] as const, lines: (id: number) => ['bank-statements', id, 'lines'] as const, unmatched: ['bank-statements', 'unmatched'] as const };

export const useStatements = () => useQuery({ queryKey: statementKeys.all, queryFn: ({ signal }) => api.get('/api/bank-statements', undefined, signal) });
export const useStatementLines = (id: number | null) =>
  useQuery({ queryKey: statementKeys.lines(id ?? 0), enabled: id !== null, queryFn: ({ signal }) => api.get(route('/api/bank-statements/{id}/lines', { id: id! }), undefined, signal) });
export const useUnmatchedCredits = () => useQuery({ queryKey: statementKeys.unmatched, queryFn: ({ signal }) => api.get('/api/bank-statements/unmatched', undefined, signal) });

/** POST /api/bank-statements as a file upload: the file, the account, and a column map when the layout was not known. */
export function useImportStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, account, columnMap }: { file: File; account: string; columnMap?: StatementColumnMap }) => {
      const form = new FormData();
      if (account.trim()) form.append('account', account.trim());
      if (columnMap) form.append('column_map', JSON.stringify(columnMap));
      form.append('file', file);
      return apiRequest<{ data: BankStatementSummary }>('/api/bank-statements', { method: 'POST', body: form, quiet: true }).then((r) => r.data);
    },
    // confirmed transfers change sales, fees, bookings, the day close and the dashboard
    onSuccess: () => client.invalidateQueries(),
  });
}

/** Confirm a suggestion (or any waiting transfer of the amount), or say none of them. */
export function useDecideLine(statementId: number) {
  const client = useQueryClient();
  const done = () => client.invalidateQueries();
  const confirm = useMutation({ mutationFn: ({ line, item }: { line: number; item: TransferItem }) => api.post(route('/api/bank-statements/{id}/lines/{line}/confirm', { id: statementId, line }), item), onSuccess: done });
  const reject = useMutation({ mutationFn: (line: number) => api.post(route('/api/bank-statements/{id}/lines/{line}/reject', { id: statementId, line })), onSuccess: done });
  return { confirm, reject };
}
