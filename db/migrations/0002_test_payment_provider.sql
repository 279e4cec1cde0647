-- Custom SQL migration file, put your code below! --
-- Test payments have one name everywhere: purchases recorded as 'mock' become 'test' (docs/decisions/013-test-payments.md).
UPDATE `purchases` SET `provider` = 'test' WHERE `provider` = 'mock';
