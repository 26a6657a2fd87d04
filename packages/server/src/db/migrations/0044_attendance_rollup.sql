CREATE TABLE "attendance_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"metric" smallint NOT NULL,
	"period" date NOT NULL,
	"user_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"bucket" integer NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_rollup" (
	"company_id" integer NOT NULL,
	"metric" smallint NOT NULL,
	"level" smallint NOT NULL,
	"dims" smallint NOT NULL,
	"g1" integer NOT NULL,
	"period" date NOT NULL,
	"g2" integer NOT NULL,
	"bucket" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "attendance_rollup_company_id_metric_level_dims_g1_period_g2_bucket_pk" PRIMARY KEY("company_id","metric","level","dims","g1","period","g2","bucket")
);
--> statement-breakpoint
ALTER TABLE "attendance_rollup" ADD CONSTRAINT "attendance_rollup_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_deltas_company_period_idx" ON "attendance_deltas" USING btree ("company_id","period");
--> statement-breakpoint
-- The attendance report's summary (modules/reports/attendance-rollup.ts): tenant tables.
SELECT apply_tenant_policy('attendance_rollup');
--> statement-breakpoint
SELECT apply_tenant_policy('attendance_deltas');
--> statement-breakpoint
-- A duration's key as the page prints it (formatSeconds): seconds under a minute, whole minutes above.
CREATE FUNCTION attendance_bucket(s integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN s < 60 THEN s ELSE (s + 30) / 60 * 60 END $$;
--> statement-breakpoint
-- The 7-day part of the UTC month holding `at`: it starts on day 1, 8, 15, 22 or 29.
CREATE FUNCTION attendance_period(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT d - extract(day FROM d)::integer + 1 + least((extract(day FROM d)::integer - 1) / 7, 4) * 7
          FROM (SELECT (at AT TIME ZONE 'UTC')::date AS d) x $$;
--> statement-breakpoint
-- What a cycle counts for: first response on the customer's message, resolution on the close,
-- the rating on its moment (the raw report's conditions, attendance-figures.ts); 0 for no user/queue.
CREATE FUNCTION attendance_cells(t ticket_tracking)
  RETURNS TABLE (metric smallint, period date, user_id integer, queue_id integer, bucket integer)
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT m.metric, attendance_period(m.at), coalesce(t.user_id, 0), coalesce(t.queue_id, 0), m.bucket
          FROM (VALUES (1::smallint, t.first_customer_at, attendance_bucket(t.first_response_seconds)),
                       (2::smallint, t.finished_at, attendance_bucket(t.resolution_seconds)),
                       (3::smallint, t.rated_at, t.rating)) m(metric, at, bucket)
         WHERE m.at IS NOT NULL AND m.bucket IS NOT NULL $$;
--> statement-breakpoint
-- The summary's groups of a cell (dims, g1, g2): the company, per user, per queue, users within a
-- queue, queues within a user.
CREATE FUNCTION attendance_groups(user_id integer, queue_id integer)
  RETURNS TABLE (dims smallint, g1 integer, g2 integer) LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ VALUES (0::smallint, 0, 0), (1::smallint, 0, user_id), (2::smallint, 0, queue_id),
                (3::smallint, queue_id, user_id), (4::smallint, user_id, queue_id) $$;
--> statement-breakpoint
-- Insert-only: −1 for what the old row counted, +1 for the new (no shared row is locked by writers).
CREATE FUNCTION attendance_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO attendance_deltas (company_id, metric, period, user_id, queue_id, bucket, n)
  SELECT c.company_id, c.metric, c.period, c.user_id, c.queue_id, c.bucket, sum(c.n)
    FROM (SELECT OLD.company_id, o.*, -1 AS n FROM attendance_cells(OLD) o WHERE TG_OP <> 'INSERT'
          UNION ALL
          SELECT NEW.company_id, w.*, 1 FROM attendance_cells(NEW) w WHERE TG_OP <> 'DELETE') c
   GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(c.n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER attendance_track_insert_delete AFTER INSERT OR DELETE ON ticket_tracking
  FOR EACH ROW EXECUTE FUNCTION attendance_track();
--> statement-breakpoint
CREATE TRIGGER attendance_track_update
  AFTER UPDATE OF first_customer_at, first_response_at, finished_at, rated_at, rating, user_id, queue_id ON ticket_tracking
  FOR EACH ROW
  WHEN ((OLD.first_customer_at, OLD.first_response_at, OLD.finished_at, OLD.rated_at, OLD.rating, OLD.user_id, OLD.queue_id)
        IS DISTINCT FROM (NEW.first_customer_at, NEW.first_response_at, NEW.finished_at, NEW.rated_at, NEW.rating, NEW.user_id, NEW.queue_id))
  EXECUTE FUNCTION attendance_track();
--> statement-breakpoint
-- Moves the oldest `max_rows` deltas (all when null) into the summary in one statement: what is
-- deleted is what is added, so a fold meeting writers or another fold loses and doubles nothing.
-- Each delta counts for its 7-day part, its month and its quarter, in each of its groups.
CREATE FUNCTION attendance_fold(max_rows integer) RETURNS integer LANGUAGE sql AS $$
  WITH d AS (
    DELETE FROM attendance_deltas
     WHERE id IN (SELECT id FROM attendance_deltas ORDER BY id LIMIT max_rows)
    RETURNING company_id, metric, period, user_id, queue_id, bucket, n),
  s AS (
    SELECT d.company_id, d.metric, l.level, g.dims, g.g1,
           CASE l.level WHEN 0 THEN d.period
                        WHEN 1 THEN d.period - extract(day FROM d.period)::integer + 1
                        ELSE make_date(extract(year FROM d.period)::integer, (extract(month FROM d.period)::integer - 1) / 3 * 3 + 1, 1)
           END AS period,
           g.g2, d.bucket, sum(d.n)::integer AS n
      FROM d CROSS JOIN LATERAL attendance_groups(d.user_id, d.queue_id) g CROSS JOIN (VALUES (0::smallint), (1::smallint), (2::smallint)) l(level)
     WHERE EXISTS (SELECT 1 FROM companies c WHERE c.id = d.company_id)
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8),
  i AS (
    INSERT INTO attendance_rollup AS r (company_id, metric, level, dims, g1, period, g2, bucket, count)
    SELECT * FROM s ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (company_id, metric, level, dims, g1, period, g2, bucket) DO UPDATE SET count = r.count + excluded.count)
  SELECT count(*)::integer FROM d $$;
--> statement-breakpoint
-- Every cycle as one delta per cell, folded at once: the backfill (here, and bench/attendance.ts
-- after loading its cycles with triggers off).
CREATE FUNCTION attendance_backfill() RETURNS integer LANGUAGE sql AS $$
  INSERT INTO attendance_deltas (company_id, metric, period, user_id, queue_id, bucket, n)
  SELECT t.company_id, c.metric, c.period, c.user_id, c.queue_id, c.bucket, count(*)
    FROM ticket_tracking t CROSS JOIN LATERAL attendance_cells(t) c
   GROUP BY 1, 2, 3, 4, 5, 6;
  SELECT attendance_fold(NULL);
$$;
--> statement-breakpoint
SELECT attendance_backfill();
