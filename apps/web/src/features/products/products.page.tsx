import { ActionIcon, Menu } from '@mantine/core';
import type { Outlet, Product } from '@studio/shared';
import { IconArrowsExchange, IconHistory, IconPackageImport, IconPackages } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ResourceListPage } from '../../crud/resource-list-page';
import { isAdmin, useCurrentUser } from '../../lib/auth-store';
import { RestockModal } from './restock.modal';
import { StockHistoryDrawer } from './stock-history.drawer';
import { StockSummaryCards } from './stock-summary';
import { type StockView, productsUi } from './products.ui';
import { TransferModal } from './transfer.modal';

export interface ProductsPageProps {
  title: string;
  outlet: Outlet;
}

/**
 * /products/manage/{outlet}: the generic list of the outlet's products and services with stock tabs and figures.
 * Admins also create, edit, restock or write off, read the stock history and transfer between outlets;
 * staff see the same list read-only, without cost prices (the API leaves them out too).
 */
export function ProductsPage({ title, outlet }: ProductsPageProps) {
  const admin = isAdmin(useCurrentUser());
  const ui = useMemo(() => productsUi(outlet), [outlet]);
  const [view, setView] = useState<StockView>('all');
  const [restocking, setRestocking] = useState<Product | null>(null);
  const [history, setHistory] = useState<Product | null>(null);
  const [transferring, setTransferring] = useState<Product | null>(null);

  // one menu for the three stock actions keeps the ten-column table beside the sidebar at laptop width
  const stockActions = (row: Product) =>
    row.kind === 'product' && (
      <Menu position="bottom-end" withinPortal shadow="md" width={230}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="teal" aria-label={`Stock of ${row.name}`} title="Stock" data-testid="row-stock">
            <IconPackages size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{row.name}</Menu.Label>
          <Menu.Item leftSection={<IconPackageImport size={16} />} onClick={() => setRestocking(row)} data-testid="row-restock">
            Restock / write-off
          </Menu.Item>
          <Menu.Item leftSection={<IconHistory size={16} />} onClick={() => setHistory(row)} data-testid="row-stock-history">
            Stock history
          </Menu.Item>
          <Menu.Item leftSection={<IconArrowsExchange size={16} />} onClick={() => setTransferring(row)} data-testid="row-transfer">
            Transfer to another outlet
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    );

  return (
    <div data-testid="products-page" data-outlet={outlet}>
      <ResourceListPage
        key={outlet}
        ui={ui}
        title={title}
        readOnly={!admin}
        view={view}
        onViewChange={(v) => setView(v as StockView)}
        summary={<StockSummaryCards outlet={outlet} admin={admin} view={view} onView={setView} />}
        rowActions={admin ? stockActions : undefined}
      />
      {admin && (
        <>
          <RestockModal product={restocking} onClose={() => setRestocking(null)} />
          <StockHistoryDrawer product={history} onClose={() => setHistory(null)} />
          <TransferModal product={transferring} onClose={() => setTransferring(null)} />
        </>
      )}
    </div>
  );
}

/** One page per outlet, for the route table (its pages take only a title). */
export const productPages: Record<Outlet, (props: { title: string }) => React.JSX.Element> = {
  store: ({ title }) => <ProductsPage title={title} outlet="store" />,
  office: ({ title }) => <ProductsPage title={title} outlet="office" />,
  salon: ({ title }) => <ProductsPage title={title} outlet="salon" />,
};
