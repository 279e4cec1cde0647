CREATE TABLE `operation_runs` (
	`name` text PRIMARY KEY NOT NULL,
	`ran_at` integer NOT NULL,
	`outcome` text NOT NULL,
	`count` integer,
	`detail` text
);
