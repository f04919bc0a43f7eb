DROP TABLE email_outbox_cursor;
DROP TABLE email_outbox;
