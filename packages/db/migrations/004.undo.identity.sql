DROP TABLE auth_sessions;
DROP TABLE refresh_tokens;
DROP TABLE magic_link_tokens;
DROP TABLE users;
DROP TABLE server_secrets;
DROP TABLE user_keys;
