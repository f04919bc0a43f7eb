/** The smoke runner's `k6/execution`: which VU, iteration and scenario is running. */
import { recorder } from './recorder.js';

/** An object whose properties read the recorder's current context each time. */
function live(properties: Record<string, () => unknown>): Record<string, unknown> {
  return Object.defineProperties(
    {},
    Object.fromEntries(Object.entries(properties).map(([name, get]) => [name, { get, enumerable: true }])),
  );
}

const vu = () => recorder.context.vu;
const iteration = () => recorder.context.iteration;

const execution = {
  vu: live({
    idInTest: vu,
    idInInstance: vu,
    iterationInScenario: iteration,
    iterationInInstance: iteration,
  }),
  scenario: live({
    name: () => recorder.context.scenario,
    iterationInTest: iteration,
    iterationInInstance: iteration,
  }),
  test: {
    abort(message?: string): never {
      throw new Error(`test aborted: ${message ?? ''}`);
    },
  },
};

export default execution;
