-- A company's due date is a calendar day (the last day its subscription runs), not an instant.
-- A stored UTC midnight was a day written as a date ("2027-01-06"): that day; any other instant
-- (a trial's end) is its day in the company's time zone.
ALTER TABLE "companies" ALTER COLUMN "due_date" SET DATA TYPE date USING (
  CASE WHEN ("due_date" AT TIME ZONE 'UTC')::time = '00:00' THEN ("due_date" AT TIME ZONE 'UTC')::date
  ELSE ("due_date" AT TIME ZONE "timezone")::date END
);
