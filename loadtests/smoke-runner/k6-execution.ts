/** The smoke runner's `k6/execution`: which VU, iteration and scenario is running. */
import { recorder } from './recorder.js';

const execution = {
  vu: {
    get idInTest() {
      return recorder.context.vu;
    },
    get idInInstance() {
      return recorder.context.vu;
    },
    get iterationInScenario() {
      return recorder.context.iteration;
    },
    get iterationInInstance() {
      return recorder.context.iteration;
    },
  },
  scenario: {
    get name() {
      return recorder.context.scenario;
    },
    get iterationInTest() {
      return recorder.context.iteration;
    },
    get iterationInInstance() {
      return recorder.context.iteration;
    },
  },
  test: {
    abort(message?: string): never {
      throw new Error(`test aborted: ${message ?? ''}`);
    },
  },
};

export default execution;
