-- A projection that stopped at an event it cannot apply says so here (services/projector,
-- "A projection that fails"): which event, why, since when. Written by the projector after its
-- retries ran out; cleared by the checkpoint write that moves past that event. Readiness, the
-- metrics, the audit and the staff console read it, from any process.
ALTER TABLE projection_checkpoints ADD COLUMN stuck jsonb;
