import type { DomainContext } from '../runtime/domain-context.js';
import type { App } from '../app/build-app.js';
import { loadSecretBox } from '../http/outbound/secret-box.js';
import { configApi } from './config-routes.js';
import { evaluationsApi } from './evaluations-routes.js';
import { invitationsApi } from './invitations-routes.js';
import { itemsApi } from './items-routes.js';
import { loopRoutes } from './loop/loop-routes.js';
import { readsApi } from './reads-routes.js';
import { sdkApi } from './sdk-routes.js';

export { evaluationProjection } from './evaluation-projection.js';
export { invitationProjection } from './invitation-projection.js';
export { startEvaluationWorker } from './evaluation-worker.js';

/** Evaluations, configuration, Langfuse, SDK ingestion, the evaluation loop and analytics. */
export async function evaluationsPlugin(app: App, context: DomainContext): Promise<void> {
  const box = await loadSecretBox(context.sql, context.config.secretsKey);
  await evaluationsApi(app, context, box);
  await configApi(app, context, box);
  await sdkApi(app, context);
  await itemsApi(app, context);
  await invitationsApi(app, context);
  await loopRoutes(app, context);
  await readsApi(app, context);
}
