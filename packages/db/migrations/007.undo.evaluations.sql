DROP TABLE IF EXISTS evaluation_votes;
DROP TABLE IF EXISTS evaluation_assignments;
DROP TABLE IF EXISTS evaluation_items;
DROP TABLE IF EXISTS project_api_keys;
DROP TABLE IF EXISTS langfuse_connections;
DROP TABLE IF EXISTS evaluation_configs;
DROP TABLE IF EXISTS evaluations;
