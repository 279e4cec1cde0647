CREATE TABLE `discount_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`percent_off` integer,
	`amount_off_cents` integer,
	`currency` text NOT NULL,
	`expires_at` integer,
	`max_uses` integer,
	`stripe_coupon_id` text,
	`stripe_promotion_code_id` text,
	`created_by_email` text NOT NULL,
	`created_at` integer NOT NULL,
	`ended_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discount_codes_code_unique` ON `discount_codes` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `discount_codes_stripe_promotion_code_id_unique` ON `discount_codes` (`stripe_promotion_code_id`);--> statement-breakpoint
ALTER TABLE `purchases` ADD `discount_code_id` text REFERENCES discount_codes(id);--> statement-breakpoint
ALTER TABLE `purchases` ADD `refund_requested_at` integer;--> statement-breakpoint
ALTER TABLE `purchases` ADD `refund_reason` text;--> statement-breakpoint
CREATE INDEX `purchases_discount_code_idx` ON `purchases` (`discount_code_id`);