CREATE TABLE `practice_days` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`card_id` text,
	`chosen` integer DEFAULT false NOT NULL,
	`reflection` text,
	`said_aloud_at` integer,
	`evening_answer` text,
	`evening_note` text,
	`evening_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`card_id`) REFERENCES `affirmation_cards`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `practice_days_user_day_unique` ON `practice_days` (`user_id`,`day`);--> statement-breakpoint
ALTER TABLE `user_stats` ADD `total_practices` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `user_stats` ADD `total_evening_checks` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `user_stats` ADD `total_cards_practised` integer DEFAULT 0 NOT NULL;