-- Every send writes a job (its code's expiry) and every report job is written and deleted once, so
-- each index on gateway_jobs costs on the hot path (ADR 0015). The two lanes each had an index that
-- held every job (run_at, and kind + run_at from 008); one partial index per lane holds only that
-- lane's jobs, so a job is in one of them. gateway_jobs_request (request_id, kind, id) stays.
DROP INDEX gateway_jobs_due;
DROP INDEX gateway_jobs_kind_due;
CREATE INDEX gateway_jobs_timed_due ON gateway_jobs (run_at, id) WHERE kind <> 'report';
CREATE INDEX gateway_jobs_report_due ON gateway_jobs (run_at, id) WHERE kind = 'report';
