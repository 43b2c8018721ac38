import { OUTLETS, OUTLET_LABELS, type Outlet } from '@studio/shared';

/** One colour per outlet in every chart and badge (Mantine colour names from the theme). */
export const OUTLET_COLORS: Record<Outlet, string> = { store: 'gold.6', office: 'blush.5', salon: 'teal.6' };

/** The chart series of the three outlets, in the studio's order (store, office, salon). */
export const OUTLET_SERIES = OUTLETS.map((o) => ({ name: o, label: OUTLET_LABELS[o], color: OUTLET_COLORS[o] }));
