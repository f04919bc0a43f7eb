import type { DomainContext } from '../runtime/domain-context.js';
import type { App } from '../app/build-app.js';
import { loadSecretBox } from '../http/outbound/secret-box.js';
import { configApi } from './config-api.js';
import { evaluationsApi } from './evaluations-api.js';
import { invitationsApi } from './invitations-api.js';
import { itemsApi } from './items-api.js';
import { loopRoutes } from './loop/loop-routes.js';
import { readsApi } from './reads-api.js';
import { sdkApi } from './sdk-api.js';

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
