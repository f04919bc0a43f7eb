import {
  createDomainProjection,
  DOMAIN_PROJECTION,
  WALLET_READ_MODELS,
  withoutEventTypes,
  type ProjectionDefinition,
} from '@evalmarket/projector';
import {
  EVALUATION_FOLDED_EVENTS,
  EVALUATION_FOLDED_TABLES,
  evaluationBulkFold,
} from '../evaluations/evaluation-bulk-fold.js';
import { DOMAIN_READ_MODELS } from './domains.js';

const DOMAIN_HANDLERS = DOMAIN_READ_MODELS.map((model) => model.handlers);

/**
 * Every projection of the app with the tables it owns: what `npm run rebuild-read-models`
 * rebuilds and `npm run audit` compares with a replay. A new projection is added here (and
 * started in start-runtime.ts); nothing else is needed for it to be rebuilt and audited.
 */
export const READ_MODEL_PROJECTIONS: readonly ProjectionDefinition[] = [
  WALLET_READ_MODELS,
  {
    name: DOMAIN_PROJECTION,
    tables: [...new Set(DOMAIN_READ_MODELS.flatMap((model) => model.tables))],
    apply: createDomainProjection(DOMAIN_HANDLERS),
    // The evaluation domain's hot tables are folded (only its handlers write them); the other
    // domains' and the evaluation's other events are written group by group meanwhile.
    bulk: {
      tables: EVALUATION_FOLDED_TABLES,
      fold: evaluationBulkFold,
      rest: createDomainProjection(
        DOMAIN_HANDLERS.map((handlers) => withoutEventTypes(handlers, EVALUATION_FOLDED_EVENTS)),
      ),
    },
  },
];

/** The registered projections named in `names` (all of them when none); throws on an unknown name. */
export function selectProjections(names: readonly string[]): ProjectionDefinition[] {
  if (names.length === 0) return [...READ_MODEL_PROJECTIONS];
  return names.map((name) => {
    const found = READ_MODEL_PROJECTIONS.find((projection) => projection.name === name);
    if (!found) {
      const known = READ_MODEL_PROJECTIONS.map((projection) => projection.name).join(', ');
      throw new Error(`no projection named ${name} (known: ${known})`);
    }
    return found;
  });
}
