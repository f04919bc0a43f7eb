DROP TABLE IF EXISTS refund_shortfalls;
DROP TABLE IF EXISTS payment_notifications;
DROP TABLE IF EXISTS cashouts;
DROP TABLE IF EXISTS payout_accounts;
DROP TABLE IF EXISTS auto_recharges;
DROP TABLE IF EXISTS auto_recharge_settings;
DROP TABLE IF EXISTS saved_payment_methods;
DROP TABLE IF EXISTS payment_customers;
