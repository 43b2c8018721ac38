import { Button, CloseButton, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { type Paged, PER_PAGE_MAX } from '@studio/shared';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { type CsvColumn, downloadCsv, toCsv } from '../lib/csv';
import { notify } from '../lib/notify';

/** Rows a page of the CSV export asks for: the API's maximum. */
export const EXPORT_PER_PAGE = PER_PAGE_MAX;

/** A runaway guard: 1,000 pages of 100 is far past any list of the studio. */
const EXPORT_MAX_PAGES = 1000;

/**
 * Every row of a paged list, page after page (one at a time: the server and the device stay responsive),
 * without the duplicates a row added meanwhile would cause when it pushes a row onto the next page.
 *
 * @example
 * const rows = await fetchEveryPage((page, signal) => fetchMonth('2026-12', page, 100, signal), { onProgress: (done, of) => ... });
 */
export async function fetchEveryPage<T>(
  fetchPage: (page: number, signal?: AbortSignal) => Promise<Paged<T>>,
  { signal, onProgress, rowKey = (row: T) => (row as { id: number | string }).id }: { signal?: AbortSignal; onProgress?: (done: number, of: number) => void; rowKey?: (row: T) => string | number } = {},
): Promise<T[]> {
  const rows: T[] = [];
  const seen = new Set<string | number>();
  let lastPage = 1;
  for (let page = 1; page <= lastPage && page <= EXPORT_MAX_PAGES; page += 1) {
    signal?.throwIfAborted();
    const answer = await fetchPage(page, signal);
    lastPage = Math.max(1, answer.last_page);
    for (const row of answer.data) {
      const key = rowKey(row);
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push(row);
    }
    onProgress?.(page, lastPage);
  }
  return rows;
}

export interface CsvExportOptions<T> {
  /** One page of what is shown (its list, filters and search), `EXPORT_PER_PAGE` rows at a time. */
  fetchPage: (page: number, signal?: AbortSignal) => Promise<Paged<T>>;
  /** The file's columns; a function is asked when the rows are in (reference names fetched then). */
  columns: readonly CsvColumn<T>[] | (() => Promise<readonly CsvColumn<T>[]>);
  fileName: string;
  rowKey?: (row: T) => string | number;
}

export interface CsvExport {
  /** While an export runs: pages done of pages (0 of 0 before the first answer). */
  progress: { done: number; of: number } | null;
  run: () => Promise<void>;
  cancel: () => void;
}

/** "Export CSV": fetches every page, then saves the file; `progress` while it runs, `cancel` stops it. */
export function useCsvExport<T>({ fetchPage, columns, fileName, rowKey }: CsvExportOptions<T>): CsvExport {
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  const running = useRef<AbortController | null>(null);
  // leaving the page stops an export under way
  useEffect(() => () => running.current?.abort(), []);

  async function run() {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setProgress({ done: 0, of: 0 });
    try {
      const rows = await fetchEveryPage(fetchPage, { signal: controller.signal, rowKey, onProgress: (done, of) => setProgress({ done, of }) });
      const fileColumns = typeof columns === 'function' ? await columns() : columns;
      // stopped while the last page was on its way: save nothing
      if (controller.signal.aborted) return;
      downloadCsv(fileName, toCsv(rows, fileColumns));
      notify.success(`${rows.length} ${rows.length === 1 ? 'row' : 'rows'} saved to ${fileName}.`, 'Exported');
    } catch {
      // a failed page was reported by the API client; a stopped export needs no word
    } finally {
      if (running.current === controller) {
        running.current = null;
        setProgress(null);
      }
    }
  }

  /** Stops at once: the button comes back even if a page is still on its way (it is dropped). */
  function cancel() {
    running.current?.abort();
    running.current = null;
    setProgress(null);
  }

  return { progress, run, cancel };
}

/**
 * The "Export CSV" button, or while it runs the progress ("Exporting page 2 of 3") with a stop button.
 * Test ids: `{testId}`, `{testId}-progress`, `{testId}-cancel`.
 */
export function ExportCsvButton({ exporter, disabled, testId = 'export' }: { exporter: CsvExport; disabled?: boolean; testId?: string }) {
  const { progress } = exporter;
  if (progress) {
    return (
      <Group gap="xs" wrap="nowrap" data-testid={`${testId}-progress`}>
        <Stack gap={4} w={180}>
          <Text size="xs" c="dimmed">
            {progress.of > 0 ? `Exporting page ${progress.done} of ${progress.of}` : 'Exporting...'}
          </Text>
          <Progress value={progress.of > 0 ? (progress.done / progress.of) * 100 : 0} size="sm" animated aria-label="Export progress" />
        </Stack>
        <Tooltip label="Stop the export">
          <CloseButton aria-label="Stop the export" onClick={exporter.cancel} data-testid={`${testId}-cancel`} />
        </Tooltip>
      </Group>
    );
  }
  return (
    <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void exporter.run()} disabled={disabled} data-testid={testId}>
      Export CSV
    </Button>
  );
}
