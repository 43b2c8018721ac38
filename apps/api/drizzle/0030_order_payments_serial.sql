-- No parallel scans of order_payments (PostgreSQL; the embedded database has no parallel workers). The waiting transfers'
-- read (unconfirmedTotalsSql: the dashboard, the transfers page, day close) reads a handful of rows from the partial
-- index order_payments_unconfirmed_idx, but ANALYZE's sample of a table of sales rarely holds one of them, so the planner
-- estimates tens of thousands and plans two parallel workers: 12-49 ms waiting for them on a busy two-core machine where
-- the serial plan takes 1.2-2.6 ms (full-size bench copy, 18 waiting of 450,000 payments; decision 018). Nothing reads
-- the whole table in a request: the figures come from daily_totals.
ALTER TABLE "order_payments" SET (parallel_workers = 0);
