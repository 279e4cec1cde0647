DROP INDEX `daily_card_sends_user_day_unique`;--> statement-breakpoint
ALTER TABLE `daily_card_sends` ADD `slot` text DEFAULT 'morning' NOT NULL;--> statement-breakpoint
ALTER TABLE `daily_card_sends` ADD `channel` text DEFAULT 'email' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `daily_card_sends_user_day_slot_channel_unique` ON `daily_card_sends` (`user_id`,`day`,`slot`,`channel`);--> statement-breakpoint
ALTER TABLE `users` ADD `morning_reminder_minutes` integer DEFAULT 420 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `evening_reminder_minutes` integer;