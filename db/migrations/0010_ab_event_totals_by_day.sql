DROP INDEX `ab_event_totals_key`;--> statement-breakpoint
ALTER TABLE `ab_event_totals` ADD `day` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `ab_event_totals_key` ON `ab_event_totals` (`test_name`,`variant`,`event`,`placement`,`day`);--> statement-breakpoint
-- A subject's page view is now written once per test (docs/decisions/020-ab-tests.md, "Counting"): the results count
-- distinct subjects per test and variant, so of the earlier repeats one row per test, variant and subject is kept.
DELETE FROM `ab_events` WHERE `event` = 'page_view' AND rowid NOT IN (SELECT min(rowid) FROM `ab_events` WHERE `event` = 'page_view' GROUP BY `test_name`, `variant`, coalesce(`user_id`, `visitor_id`));
