import { MAX_TITLE_CHARS, MESSAGES, type TCreateEvaluationRequest } from './evaluations.js';

/** The first rule a create request breaks: where (a path inside the body) and the spec's words. */
export interface CreateEvaluationProblem {
  path: string[];
  message: string;
}

/**
 * The create page's rules (spec 000 section 5), in the order a person fixes them. The console
 * checks its form with this before sending and the API checks the body with it after the schema,
 * so both say the same thing for the same request. Pure: no I/O, no clock.
 */
export function createEvaluationProblem(
  request: Pick<TCreateEvaluationRequest, 'title' | 'input_configuration'>,
): CreateEvaluationProblem | undefined {
  const title = request.title.trim();
  if (title === '') return { path: ['title'], message: MESSAGES.titleRequired };
  if (title.length > MAX_TITLE_CHARS) return { path: ['title'], message: MESSAGES.titleTooLong };
  const input = request.input_configuration;
  if (input?.type === 'manual' && !(input.items ?? []).some((item) => item.trim() !== '')) {
    return { path: ['input_configuration', 'items'], message: MESSAGES.inputItemRequired };
  }
  if (input?.type === 'api' && !input.apiEndpoint?.trim()) {
    return { path: ['input_configuration', 'apiEndpoint'], message: MESSAGES.apiEndpointRequired };
  }
  if (input?.type === 'system' && !input.systemSource) {
    return { path: ['input_configuration', 'systemSource'], message: MESSAGES.systemSourceRequired };
  }
  return undefined;
}
