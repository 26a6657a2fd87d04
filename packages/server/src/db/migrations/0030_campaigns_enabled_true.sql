-- The campaignsEnabled setting takes the spec's values, "true" and "false" (its client shows the
-- campaign pages when the value is "true"); Balcão wrote "enabled" and "disabled".
UPDATE "settings" SET "value" = CASE "value" WHEN 'disabled' THEN 'false' ELSE 'true' END
WHERE "key" = 'campaignsEnabled' AND "value" IN ('enabled', 'disabled');
