CREATE TABLE `daily_card_sends` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`card_id` text NOT NULL,
	`outbox_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`outbox_id`) REFERENCES `email_outbox`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `daily_card_sends_user_day_unique` ON `daily_card_sends` (`user_id`,`day`);--> statement-breakpoint
CREATE INDEX `daily_card_sends_created_at_idx` ON `daily_card_sends` (`created_at`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `status` text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `last_error` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `idempotency_key` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `sent_at` integer;--> statement-breakpoint
CREATE INDEX `email_outbox_status_created_idx` ON `email_outbox` (`status`,`created_at`);