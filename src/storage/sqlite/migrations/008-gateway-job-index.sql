-- The report worker asks for the earliest report job that heads its request; without an index that
-- starts with kind it scanned every pending job (ttl expiries included) on each send.
CREATE INDEX gateway_jobs_kind_due ON gateway_jobs (kind, run_at, id);
