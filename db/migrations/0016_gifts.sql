CREATE TABLE `gifts` (
	`id` text PRIMARY KEY NOT NULL,
	`giver_name` text NOT NULL,
	`giver_email` text NOT NULL,
	`giver_user_id` text,
	`recipient_name` text NOT NULL,
	`recipient_email` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`deliver_on` text NOT NULL,
	`time_zone` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider` text,
	`stripe_checkout_session_id` text,
	`stripe_payment_intent_id` text,
	`amount_cents` integer,
	`currency` text,
	`paid_at` integer,
	`manage_key_hash` text,
	`claim_token_hash` text,
	`claim_expires_at` integer,
	`sent_at` integer,
	`claimed_at` integer,
	`claimed_by_user_id` text,
	`access_grant_id` text,
	`cancelled_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`giver_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`claimed_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gifts_stripe_checkout_session_id_unique` ON `gifts` (`stripe_checkout_session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `gifts_manage_key_hash_unique` ON `gifts` (`manage_key_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `gifts_claim_token_hash_unique` ON `gifts` (`claim_token_hash`);--> statement-breakpoint
CREATE INDEX `gifts_due_idx` ON `gifts` (`status`,`deliver_on`);--> statement-breakpoint
CREATE INDEX `gifts_payment_intent_idx` ON `gifts` (`stripe_payment_intent_id`);--> statement-breakpoint
CREATE INDEX `gifts_giver_user_idx` ON `gifts` (`giver_user_id`);