import { ActionIcon, Button, Card, Group, SegmentedControl, Skeleton, Text, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { type ResourceDefinition, addDays, weekStart } from '@studio/shared';
import type { z } from 'zod';
import { IconChevronLeft, IconChevronRight, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ReactNode, memo, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { QueryValue } from '../lib/api-client';
import { resourceCalls } from '../lib/resource-calls';
import { studioDate } from '../lib/studio-time';
import { resourceKeys } from './create-resource-hooks';
import classes from './day-book.module.css';

export type BookMode = 'day' | 'week';
export interface BookCard {
  /** `09:00–10:30` */
  time: string;
  /** The status, beside the time. */
  state: string;
  /** Who (the client). */
  title: string;
  /** What (the service, the artist). */
  detail: string;
  /** A CSS colour for the card's edge. */
  accent: string;
}
export interface BookColumn {
  key: string;
  label: string;
}

export interface DayBookProps<T extends { id: number }> {
  /** A resource that declares the list calls `day/:day` and `week/:day` (appointments); its record is the card's row. */
  resource: ResourceDefinition & { record: z.ZodType<T> };
  day: string;
  onDay: (day: string) => void;
  mode: BookMode;
  onMode: (mode: BookMode) => void;
  /** Filters of both list calls (an outlet, an artist): part of the query key. */
  query?: Record<string, QueryValue>;
  /** Day mode: which column a record sits in (an artist, an outlet), and the columns to show even when empty. */
  columnOf: (row: T) => BookColumn;
  columns?: readonly BookColumn[];
  /** A record's card, as plain lines (a day holds hundreds: no component per line); `accent` colours its edge (the status). */
  card: (row: T) => BookCard;
  onOpen: (row: T) => void;
  /** "Add" on a column (the day, and the column's key in day mode). */
  onAdd?: (day: string, column: string | null) => void;
  /** Controls beside the day picker (filters). */
  controls?: ReactNode;
  /** The day's date from the studio's calendar (today), for the Today button and the highlighted column. */
  today?: string;
}

/**
 * `?day=2026-03-09&view=week` in the address (kept across a reload and in a shared link). A step to the next day
 * rewrites the address in place (the router's own state kept) rather than navigating: the shell and its menus do
 * not render again for it, only the book.
 */
export function useBookParams(): { day: string; mode: BookMode; setDay: (d: string) => void; setMode: (m: BookMode) => void } {
  const [params] = useSearchParams();
  const [state, setState] = useState(() => {
    const asked = params.get('day');
    const day = asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && !Number.isNaN(Date.parse(asked)) ? asked : studioDate();
    return { day, mode: (params.get('view') === 'week' ? 'week' : 'day') as BookMode };
  });
  const write = (next: { day: string; mode: BookMode }) => {
    setState(next);
    const url = new URL(window.location.href);
    url.searchParams.set('day', next.day);
    url.searchParams.set('view', next.mode);
    window.history.replaceState(window.history.state, '', url);
  };
  return { ...state, setDay: (day) => write({ ...state, day }), setMode: (mode) => write({ ...state, mode }) };
}

const dayLabel = (day: string) => dayjs(day).format('ddd D MMM');

/**
 * A book of records with a time (appointments): a day in columns (per artist, per outlet) or a week in seven
 * columns, each column's cards in time order. The rows come from the resource's declared `day` and `week` list
 * calls (the whole day or week in one answer) and refresh with every write to the resource. Columns wrap
 * instead of scrolling sideways; on a phone they stack, the day's first.
 */
export function DayBook<T extends { id: number; day: string }>({ resource, day, onDay, mode, onMode, query, columnOf, columns, card, onOpen, onAdd, controls, today }: DayBookProps<T>) {
  const list = useQuery({
    queryKey: [...resourceKeys(resource.name).lists(), 'book', mode, day, query ?? {}],
    queryFn: ({ signal }) => resourceCalls.listCall(resource, mode, { day }, query, signal),
  });
  const rows = list.data;
  const shown = useMemo(() => {
    const out = new Map<string, { column: BookColumn; rows: T[] }>();
    if (mode === 'week') {
      const monday = weekStart(day);
      for (let i = 0; i < 7; i += 1) {
        const d = addDays(monday, i);
        out.set(d, { column: { key: d, label: dayLabel(d) }, rows: [] });
      }
      for (const r of rows ?? []) out.get(r.day)?.rows.push(r);
    } else {
      for (const c of columns ?? []) out.set(c.key, { column: c, rows: [] });
      for (const r of rows ?? []) {
        const c = columnOf(r);
        (out.get(c.key) ?? out.set(c.key, { column: c, rows: [] }).get(c.key)!).rows.push(r);
      }
    }
    return [...out.values()];
  }, [rows, mode, day, columns, columnOf]);
  const step = mode === 'week' ? 7 : 1;

  return (
    <Card withBorder radius="md" data-testid="day-book" aria-busy={list.isPending}>
      <Group justify="space-between" gap="sm" mb="sm" wrap="wrap" align="flex-end">
        <Group gap={6} wrap="nowrap" align="flex-end">
          <Tooltip label={mode === 'week' ? 'Previous week' : 'Previous day'}>
            <ActionIcon variant="default" size="input-sm" aria-label={mode === 'week' ? 'Previous week' : 'Previous day'} onClick={() => onDay(addDays(day, -step))} data-testid="book-prev">
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <DatePickerInput
            label={mode === 'week' ? 'Week' : 'Day'}
            value={mode === 'week' ? weekStart(day) : day}
            onChange={(v) => v && onDay(String(v).slice(0, 10))}
            valueFormat={mode === 'week' ? '[From] ddd MMM D, YYYY' : 'ddd MMM D, YYYY'}
            w={200}
            data-testid="book-day"
          />
          <Tooltip label={mode === 'week' ? 'Next week' : 'Next day'}>
            <ActionIcon variant="default" size="input-sm" aria-label={mode === 'week' ? 'Next week' : 'Next day'} onClick={() => onDay(addDays(day, step))} data-testid="book-next">
              <IconChevronRight size={18} />
            </ActionIcon>
          </Tooltip>
          {today && today !== day && (
            <Button variant="subtle" onClick={() => onDay(today)} data-testid="book-today">
              Today
            </Button>
          )}
        </Group>
        <SegmentedControl
          aria-label="Day or week"
          value={mode}
          onChange={(v) => onMode(v as BookMode)}
          data={[
            { value: 'day', label: 'Day' },
            { value: 'week', label: 'Week' },
          ]}
          data-testid="book-mode"
        />
        {controls}
      </Group>
      {list.isError ? (
        <Group gap="sm" py="lg" justify="center" data-testid="book-failed">
          <Text c="red">The book could not be loaded.</Text>
          <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={() => void list.refetch()}>
            Retry
          </Button>
        </Group>
      ) : (
        <div className={`${classes.columns} ${mode === 'week' ? classes.week : ''}`} data-testid="book-columns">
          {!rows && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} h={120} radius="md" />)}
          {rows && shown.length === 0 && (
            <Text c="dimmed" py="lg" data-testid="book-empty">
              Nothing booked on {dayLabel(day)}.
            </Text>
          )}
          {rows &&
            shown.map(({ column, rows: items }) => (
              <BookColumnView
                key={column.key}
                column={column}
                items={items}
                highlighted={mode === 'week' && column.key === today}
                card={card}
                onOpen={onOpen}
                onAdd={onAdd && (() => onAdd(mode === 'week' ? column.key : day, mode === 'week' ? null : column.key))}
              />
            ))}
        </div>
      )}
    </Card>
  );
}

interface ColumnViewProps<T> {
  column: BookColumn;
  items: T[];
  highlighted: boolean;
  card: DayBookProps<T & { id: number; day: string }>['card'];
  onOpen: (row: T) => void;
  onAdd?: () => void;
}

function ColumnView<T extends { id: number }>({ column, items, highlighted, card, onOpen, onAdd }: ColumnViewProps<T>) {
  return (
    <section className={`${classes.column} ${highlighted ? classes.today : ''}`} aria-label={column.label} data-testid="book-column" data-column={column.key}>
      <div className={classes.columnHead}>
        <Text fw={700} fz="sm" truncate="end">
          {column.label}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Text fz="xs" c="dimmed">
            {items.length}
          </Text>
          {onAdd && (
            <Tooltip label={`Add on ${column.label}`}>
              <ActionIcon variant="subtle" size="sm" aria-label={`Add on ${column.label}`} onClick={onAdd} data-testid="book-add">
                <IconPlus size={14} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </div>
      <div className={classes.items}>
        {items.map((row) => {
          const c = card(row as T & { id: number; day: string });
          return (
            <button key={row.id} type="button" className={classes.item} style={{ borderLeftColor: c.accent }} onClick={() => onOpen(row)} data-testid="book-item">
              <span className={classes.line}>
                <b className={classes.time}>{c.time}</b>
                <span className={classes.state}>{c.state}</span>
              </span>
              <span className={classes.title}>{c.title}</span>
              <span className={classes.detail}>{c.detail}</span>
            </button>
          );
        })}
      </div>
    </section>
  );
}

const BookColumnView = memo(ColumnView) as typeof ColumnView;
