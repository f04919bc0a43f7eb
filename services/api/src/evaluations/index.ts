import type { DomainContext } from '../runtime/domain-context.js';
import type { App } from '../app/build-app.js';
import { loadSecretBox } from '../http/outbound/secret-box.js';
import { configRoutes } from './config-routes.js';
import { evaluationsRoutes } from './evaluations-routes.js';
import { invitationsRoutes } from './invitations-routes.js';
import { itemsRoutes } from './items-routes.js';
import { loopRoutes } from './loop/loop-routes.js';
import { readsRoutes } from './reads-routes.js';
import { sdkRoutes } from './sdk-routes.js';

export { evaluationProjection } from './evaluation-projection.js';
export { invitationProjection } from './invitation-projection.js';
export { startEvaluationWorker } from './evaluation-worker.js';

/** Evaluations, configuration, Langfuse, SDK ingestion, the evaluation loop and analytics. */
export async function evaluationsPlugin(app: App, context: DomainContext): Promise<void> {
  const box = await loadSecretBox(context.sql, context.config.secretsKey);
  await evaluationsRoutes(app, context, box);
  await configRoutes(app, context, box);
  await sdkRoutes(app, context);
  await itemsRoutes(app, context);
  await invitationsRoutes(app, context);
  await loopRoutes(app, context);
  await readsRoutes(app, context);
}
