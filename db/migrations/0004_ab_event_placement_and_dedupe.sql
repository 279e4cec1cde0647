ALTER TABLE `ab_events` ADD `placement` text;--> statement-breakpoint
ALTER TABLE `ab_events` ADD `dedupe_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `ab_events_dedupe_key_unique` ON `ab_events` (`dedupe_key`);