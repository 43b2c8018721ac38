import type { AnyTable } from '../../crud/define-crud-module.js';
import type { ClientOwned } from '../../crud/personal-data.js';
import { clientPackagesTable, giftVouchersTable, prepaidLinesTable } from './prepaid.table.js';

// Value paid before names a person (issue 28 item 8's declaration; decision 032): a voucher's buyer (and recipient),
// and a client's credit lines. Merge moves them to the kept client (the credit follows the person); erase blanks the
// names and phone and the lines' notes; amounts and dates stay.

export const giftVouchersClientOwned: ClientOwned = {
  resource: 'gift-vouchers',
  label: 'Gift voucher',
  table: giftVouchersTable as unknown as AnyTable,
  client: 'client_id',
  name: 'buyer_name',
  phone: 'buyer_phone',
  erase: { buyer_name: 'erased-name', buyer_phone: null, recipient_name: null, reference: null },
  exportKey: 'gift_vouchers',
  date: 'business_date',
};

export const creditLinesClientOwned: ClientOwned = {
  resource: 'store-credit',
  label: 'Store credit',
  table: prepaidLinesTable as unknown as AnyTable,
  client: 'client_id',
  erase: { note: null, reference: null },
  exportKey: 'store_credit',
  date: 'business_date',
};

/** A client's bought packages (decision 040): merge moves them with the person; erase blanks the payment reference. */
export const clientPackagesClientOwned: ClientOwned = {
  resource: 'client-packages',
  label: 'Package',
  table: clientPackagesTable as unknown as AnyTable,
  client: 'client_id',
  erase: { reference: null },
  exportKey: 'client_packages',
  date: 'business_date',
};
