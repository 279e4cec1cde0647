CREATE TABLE `ab_event_totals` (
	`test_name` text NOT NULL,
	`variant` text NOT NULL,
	`event` text NOT NULL,
	`placement` text DEFAULT '' NOT NULL,
	`events` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ab_event_totals_key` ON `ab_event_totals` (`test_name`,`variant`,`event`,`placement`);--> statement-breakpoint
ALTER TABLE `users` ADD `time_zone_changed_at` integer;