-- Placeholder: replaced by the module's tables (hand-written; snapshots generated at integration).
SELECT 1;
